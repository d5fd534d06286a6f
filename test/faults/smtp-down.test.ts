import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../server/test/app.js';
import { testEngine } from '../../server/test/database.js';
import { buildUser } from '../../server/test/builders.js';

const ACTIONS = 200;
// 200 resets from one address would meet the per-address limit: this test is about mail, not limits.
const relaxed = { limit: 100_000, windowMinutes: 60, blockMinutes: 1 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateRules: { forgotPerAddress: relaxed, forgotPerEmail: relaxed } });
});
afterAll(() => t?.close());

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function outboxStats() {
  const rows = await t.app.deps.db.kysely
    .selectFrom('outbox')
    .select(['status', sql<number>`count(*)`.as('n'), sql<number>`min(attempts)`.as('min_attempts')])
    .groupBy('status')
    .execute();
  const by = (status: string) => rows.find((r) => r.status === status);
  return {
    pending: Number(by('pending')?.n ?? 0),
    sent: Number(by('sent')?.n ?? 0),
    failed: Number(by('failed')?.n ?? 0),
    minPendingAttempts: Number(by('pending')?.min_attempts ?? 0),
  };
}

describe(`SMTP down for a burst of ${ACTIONS} mail-producing requests (${testEngine})`, () => {
  it('answers every request, keeps every mail, and delivers each exactly once when SMTP returns', async () => {
    const users = [];
    for (let i = 0; i < ACTIONS; i++) users.push(await buildUser(t.app, { email: `outage-${i}@example.test` }));

    t.smtp.setDown(true);
    // The real worker, as main.ts runs it: every request below nudges it, and every try fails.
    t.app.outbox.start();

    const statuses: number[] = [];
    for (let i = 0; i < ACTIONS; i += 20) {
      const batch = users
        .slice(i, i + 20)
        .map((u) => t.app.inject({ method: 'POST', url: '/v1/auth/forgotpass', payload: { email: u.user.email } }));
      statuses.push(...(await Promise.all(batch)).map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // The worker tried each one and failed: nothing lost, nothing sent, each kept for a retry.
    await waitUntil('a first failed attempt at every mail', async () => {
      const s = await outboxStats();
      return s.pending === ACTIONS && s.minPendingAttempts >= 1;
    });
    expect(t.smtp.messages).toHaveLength(0);
    expect(await outboxStats()).toMatchObject({ pending: ACTIONS, sent: 0, failed: 0 });
    const failedAttempts = Number(
      (
        await t.app.deps.db.kysely
          .selectFrom('outbox')
          .select(sql<number>`sum(attempts)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    // SMTP is back; the retries fall due.
    t.smtp.setDown(false);
    t.clock.advanceMinutes(60);
    t.app.outbox.nudge();
    await waitUntil(`${ACTIONS} mails at the SMTP server`, async () => t.smtp.messages.length >= ACTIONS);
    // Give the worker another poll (2 s) and a direct run: a duplicate would show up now.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await t.app.outbox.runOnce()).toBe(0);

    // Each reset mail carries its own address in the link: the marker that tells them apart.
    const perRecipient = new Map<string, number>();
    for (const m of t.smtp.messages) {
      const to = m.envelopeTo.join(',');
      expect(m.text).toContain(`email=${encodeURIComponent(to)}`);
      perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    const duplicates = [...perRecipient.values()].filter((n) => n > 1).length;
    console.log(
      `[faults] SMTP down (${testEngine}): ${ACTIONS} requests, ${statuses.filter((s) => s === 200).length} answered 200; ` +
        `${failedAttempts} failed delivery attempts during the outage; after it ${t.smtp.messages.length} mails delivered ` +
        `to ${perRecipient.size} distinct recipients, ${duplicates} duplicated`,
    );
    expect(t.smtp.messages).toHaveLength(ACTIONS);
    expect([...perRecipient.keys()].sort()).toEqual(users.map((u) => u.user.email).sort());
    expect(duplicates).toBe(0);
    expect(await outboxStats()).toMatchObject({ pending: 0, sent: ACTIONS, failed: 0 });
  });
});
