import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('admin');

const { api, signUp, signUpAdmin, signUpCast, openAs, createVenue, createAct, saveSlots } = e2eActors(app);

describe('the committee desk in Chromium', () => {
  test('an admin grants admin from the web, downloads every export as parseable CSV, and axe finds nothing on the desk', async () => {
    const admin = await signUpAdmin('Ada Desk');
    const host = await signUp(['host'], '=Formula Host');
    const venue = await createVenue(host, '@12 Café Street', { bio: '<p>A porch.</p>' });
    const page = app.page;

    await openAs(page, admin, '/admin');
    await page.getByRole('heading', { level: 2, name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Hosts' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Audit log' }).waitFor();
    await expectNoAxeViolations(page);

    // Every export, through the browser's own download.
    const expected: Record<string, (rows: string[][]) => void> = {
      venues: (rows) => {
        const row = rows.find((r) => r[0] === String(venue.id));
        expect(row?.slice(0, 7)).toEqual([
          String(venue.id),
          "'@12 Café Street",
          "'=Formula Host",
          host.email,
          'Folk',
          'Slot 1',
          'yes',
        ]);
        // Then the pin, the four amenities and the accessibility note (desk.test.ts checks them).
        expect(row).toHaveLength(rows[0]!.length);
        expect(rows[0]!.slice(7, 9)).toEqual(['Latitude', 'Longitude']);
      },
      acts: (rows) =>
        expect(rows[0]).toEqual([
          'ID',
          'Name',
          'Genre',
          'Owner name',
          'Owner e-mail',
          'Preferred slots',
          'Rain date available',
        ]),
      schedule: (rows) => expect(rows[0]?.[0]).toBe('Slot'),
      'mailing-list': (rows) => expect(rows).toContainEqual(["'=Formula Host", host.email, 'yes', 'no']),
    };
    for (const [name, label] of [
      ['venues', 'Venues (with owners)'],
      ['acts', 'Acts (with owners)'],
      ['schedule', 'Schedule'],
      ['mailing-list', 'Hosts’ and performers’ mailing list'],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: `Download ${label}` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`porchfest-${name}.csv`);
      const bytes = await readFile(await file.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows: string[][] = parse(bytes.toString('utf8'), { bom: true });
      expected[name]!(rows);
    }

    // People: find the host and grant admin from the web.
    await page.getByRole('link', { name: 'People' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'People' }).waitFor();
    await page.getByLabel('Search by name or e-mail').fill(host.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: 'Grant admin to =Formula Host' }).click();
    await page.getByRole('button', { name: 'Revoke admin from =Formula Host' }).waitFor();
    await expectNoAxeViolations(page);
    const asHost = await fetch(`${app.baseUrl}/v1/admin/dashboard`, {
      headers: { authorization: `Bearer ${host.jwt_token}` },
    });
    expect(asHost.status).toBe(200);

    // The audit log on /admin says who did it.
    await openAs(page, admin, '/admin');
    const log = page.getByRole('table', { name: 'Admin actions, newest first' });
    await log.getByRole('cell', { name: 'Granted admin' }).first().waitFor();
    expect(await log.getByRole('row').nth(1).textContent()).toContain('Ada Desk');
  });

  test('before the release time an anonymous visitor sees no sets while the host still sees their booking', async () => {
    const { admin, host, performer } = await signUpCast('Rea Release', 'Hal Booked', 'Pip Player');
    const venue = await createVenue(host, '7 Release Road', { bio: '<p>A porch.</p>' });
    const act = await createAct(performer, 'The Early Birds', { bio: '<p>Songs.</p>', type: 'folk' });
    await saveSlots(host, venue, [{ slot_def: 'Slot 1', scheduled_act_id: act.id }]);
    await api('/v1/admin/settings/schedule-release', {
      method: 'PUT',
      token: admin.jwt_token,
      body: { release_at: '2099-06-01T09:00:00-04:00' },
    });
    try {
      const page = app.page;
      await openAs(page, null, '/schedule');
      await page.getByText('The schedule will be published on Monday, June 1, 2099.').waitFor();
      expect(await page.getByText('The Early Birds').count()).toBe(0);

      await openAs(page, host, '/schedule');
      await page.getByText('The Early Birds').first().waitFor();

      await openAs(page, admin, '/admin');
      await page.getByRole('heading', { level: 2, name: 'Schedule release' }).waitFor();
      await page.getByLabel(/^Release time/).waitFor();
      await expectNoAxeViolations(page);
    } finally {
      await api('/v1/admin/settings/schedule-release', {
        method: 'PUT',
        token: admin.jwt_token,
        body: { release_at: null },
      });
    }
  });
  test('the rain switch changes the date on the home page and the schedule and queues exactly one mail per scheduled owner', async () => {
    const { admin, host, performer } = await signUpCast('Rory Rain', 'Hana Wet', 'Perry Puddle');
    const venue = await createVenue(host, '9 Drizzle Drive', {
      bio: '<p>A porch with a roof.</p>',
      rain_date_available: false,
      available_slots: [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 2' }],
    });
    const act = await createAct(performer, 'The Umbrellas', { bio: '<p>Songs.</p>', type: 'folk' });
    // Two sets of one act at one venue: still one mail to each of the two owners.
    await saveSlots(host, venue, [
      { slot_def: 'Slot 1', scheduled_act_id: act.id },
      { slot_def: 'Slot 2', scheduled_act_id: act.id },
    ]);
    const page = app.page;
    try {
      await openAs(page, null, '/');
      await page.getByText('Saturday, June 14, 2025, 12:00pm to 5:30pm').first().waitFor();

      await openAs(page, admin, '/admin');
      await page.getByRole('heading', { level: 2, name: 'Rain date' }).waitFor();
      // The rain-date panel's list of porches not available that day (the Matching panel links the
      // porch's slots editor too).
      await page.getByRole('list', { name: 'Venues (1)' }).getByRole('link', { name: '9 Drizzle Drive' }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Switch to the rain date' }).click();
      await page.getByRole('button', { name: 'Yes, move to the rain date' }).click();
      const done = page.getByRole('status').filter({ hasText: /^Done\./ });
      await done.waitFor();
      const queued = Number(/Done\. (\d+) e-mail/.exec((await done.textContent()) ?? '')?.[1]);
      await page.getByRole('button', { name: 'Switch back to the festival date' }).waitFor();
      await expectNoAxeViolations(page);

      await openAs(page, null, '/');
      await page.getByText('Sunday, June 15, 2025, 12:00pm to 5:30pm (the rain date)').waitFor();
      await openAs(page, null, '/schedule');
      // The printed header carries the date too, hidden on screen: the visible one is the page's.
      await page.getByText('Sunday, June 15, 2025', { exact: false }).filter({ visible: true }).first().waitFor();
      expect(await page.getByText('Saturday, June 14, 2025', { exact: false }).count()).toBe(0);

      const subject = 'Porchfest moves to the rain date, Sunday, June 15, 2025';
      await app.smtp.waitFor((m) => m.envelopeTo.includes(host.email) && m.subject === subject, 15_000);
      await app.smtp.waitFor((m) => m.envelopeTo.includes(performer.email) && m.subject === subject, 15_000);
      const rainMails = () => app.smtp.messages.filter((m) => m.subject === subject);
      // Every queued mail arrives, and then no more: each owner exactly once.
      await expect.poll(() => rainMails().length, { timeout: 15_000 }).toBe(queued);
      for (const owner of [host.email, performer.email]) {
        expect(rainMails().filter((m) => m.envelopeTo.includes(owner))).toHaveLength(1);
      }
      const recipients = rainMails().map((m) => m.envelopeTo.join(','));
      expect(new Set(recipients).size).toBe(recipients.length);
    } finally {
      await api('/v1/admin/settings/rain-date', { method: 'PUT', token: admin.jwt_token, body: { active: false } });
    }
    // Three waits of up to 15 s for the outbox's mails, after four screens: more than the default.
  }, 120_000);
});
