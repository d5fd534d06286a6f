import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { SLOT_DEFS, type SlotDef } from '../../../contract/enums.js';
import type { Database, Queryable } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { enqueueMail } from '../../mail/outbox.js';
import { actScheduleChangedMail, type MailSlot } from '../../mail/templates.js';
import { currentFestivalDay } from '../festival/festival-day.js';
import { slotTime } from './slot-times.js';

type NoticeDeps = Pick<Deps, 'db' | 'clock' | 'festival' | 'publicUrl' | 'notices'>;

const HOUR_MS = 3_600_000;
/** A claimed notice is another worker's to flush only after this lease runs out. */
const LEASE_MS = 60_000;
const BATCH = 50;

const bySlot = (a: SlotDef, b: SlotDef) => SLOT_DEFS.indexOf(a) - SLOT_DEFS.indexOf(b);

/**
 * docs/behaviour.md#states-and-transitions: a save of a venue's slots tells each act owner
 * concerned through a notice per (act, venue), written in the save's transaction, not a mail.
 * The first change of a run keeps the act's slots there as they were (`before`, which later
 * changes leave alone); every change moves the notice's due time to NOTICE_DELAY_MS from now,
 * never past NOTICE_MAX_WAIT_MS after the first. A change clears a worker's claim, so a notice
 * being flushed while a change lands is flushed again later, with the change in it.
 * Returns how many notices were written.
 */
export async function queueScheduleNotices(
  trx: Transaction<Database>,
  deps: Pick<Deps, 'clock' | 'notices'>,
  venueId: number,
  before: Map<number, SlotDef[]>,
  /** The change is the committee's (an admin who does not own the venue, or an applied draft). */
  byCommittee = false,
): Promise<number> {
  const now = deps.clock.now();
  const due = new Date(now.getTime() + deps.notices.delayMs);
  const latest = new Date(now.getTime() + Math.max(deps.notices.maxWaitMs, deps.notices.delayMs));
  for (const [actId, slots] of before) {
    await trx
      .insertInto('schedule_notices')
      .values({
        act_id: actId,
        venue_id: venueId,
        before_slots: JSON.stringify([...slots].sort(bySlot)),
        first_change_at: now,
        latest_due_at: latest,
        due_at: due,
        by_committee: byCommittee,
      })
      .onConflict((oc) =>
        oc.columns(['act_id', 'venue_id']).doUpdateSet((eb) => ({
          due_at: eb
            .case()
            .when('schedule_notices.latest_due_at', '<', eb.ref('excluded.due_at'))
            .then(eb.ref('schedule_notices.latest_due_at'))
            .else(eb.ref('excluded.due_at'))
            .end(),
          claim: null,
          locked_until: null,
          // Once the committee changed anything in a run, the notice says so.
          ...(byCommittee ? { by_committee: true } : {}),
        })),
      )
      .execute();
  }
  return before.size;
}

/**
 * The slots an act's owner was last told about at each venue with a notice still waiting: what
 * the notice holds as `before`. A venue deleted mid-run reports these, not the slots of a run the
 * owner never heard of.
 */
export async function pendingNoticeSlots(q: Queryable, venueId: number): Promise<Map<number, SlotDef[]>> {
  const rows = await q
    .selectFrom('schedule_notices')
    .select(['act_id', 'before_slots'])
    .where('venue_id', '=', venueId)
    .execute();
  return new Map(rows.map((r) => [r.act_id, JSON.parse(r.before_slots) as SlotDef[]]));
}

/**
 * Turns every due notice into one summary mail in the outbox, or into nothing when the act's
 * slots at that venue are back where they were. Any number of workers in any number of processes
 * may run it: a batch is claimed with one UPDATE that re-checks the lease (as the outbox does), and
 * each notice is then flushed in a transaction that starts by re-taking its own claim, so a notice
 * is sent once, and one a save changed after the claim is left for a later run. A person who had
 * NOTICE_CAP_PER_HOUR notices in the last hour gets the next when the oldest of them is an hour
 * old: the notice waits (and may gather more changes), it is not dropped. Returns how many mails
 * were queued.
 */
export async function flushScheduleNotices(deps: NoticeDeps): Promise<number> {
  const { db, clock } = deps;
  let queued = 0;
  for (;;) {
    const now = clock.now();
    // Read first, write only when something is due: an idle poll takes no write lock.
    const due = (
      await db.kysely
        .selectFrom('schedule_notices')
        .select('id')
        .where('due_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('due_at')
        .limit(BATCH)
        .execute()
    ).map((r) => r.id);
    if (due.length === 0) return queued;
    const claim = randomUUID();
    const claimed = await db.kysely
      .updateTable('schedule_notices')
      .set({ claim, locked_until: new Date(now.getTime() + LEASE_MS) })
      .where('id', 'in', due)
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returning('id')
      .execute();
    if (claimed.length === 0) return queued;
    for (const { id } of claimed) queued += await flushOne(deps, id, claim, now);
    if (due.length < BATCH) return queued;
  }
}

async function flushOne(deps: NoticeDeps, id: number, claim: string, now: Date): Promise<number> {
  const { db, festival, publicUrl, notices } = deps;
  return db.kysely.transaction().execute(async (trx) => {
    // A write first: on SQLite it takes the write lock, on PostgreSQL it locks the row (waiting
    // for a save that holds it, then re-reading it: a save clears the claim, and we step back).
    const notice = await trx
      .updateTable('schedule_notices')
      .set({ locked_until: new Date(now.getTime() + LEASE_MS) })
      .where('id', '=', id)
      .where('claim', '=', claim)
      .returning(['id', 'act_id', 'venue_id', 'before_slots', 'by_committee'])
      .executeTakeFirst();
    if (!notice) return 0;
    const about = await trx
      .selectFrom('acts')
      .innerJoin('users', 'users.id', 'acts.creator_id')
      .innerJoin('venues', (join) => join.onTrue())
      .select([
        'acts.id as act_id',
        'acts.name as act_name',
        'users.id as owner_id',
        'users.name as owner_name',
        'users.email as owner_email',
        'venues.address',
      ])
      .where('acts.id', '=', notice.act_id)
      .where('venues.id', '=', notice.venue_id)
      .executeTakeFirst();
    const remove = () => trx.deleteFrom('schedule_notices').where('id', '=', notice.id).execute();
    if (!about) {
      await remove();
      return 0;
    }
    const current = (
      await trx
        .selectFrom('venue_slots')
        .select('slot_def')
        .where('venue_id', '=', notice.venue_id)
        .where('scheduled_act_id', '=', notice.act_id)
        .execute()
    ).map((r) => r.slot_def);
    const before = JSON.parse(notice.before_slots) as SlotDef[];
    const scheduled = current.filter((s) => !before.includes(s));
    const unscheduled = before.filter((s) => !current.includes(s));
    if (scheduled.length === 0 && unscheduled.length === 0) {
      // Undone within the delay: the owner has nothing to hear.
      await remove();
      return 0;
    }

    if (db.dialect === 'postgres') {
      // Two processes flushing two notices to one person take turns here, so both count the other.
      // NO KEY UPDATE, not UPDATE: the owner's own writes (a new venue or act checks its foreign
      // key with KEY SHARE on this row) do not wait behind a flush. With FOR UPDATE, the SIGKILL
      // fault test's writers got 503s after waiting out lock_timeout.
      await trx.selectFrom('users').select('id').where('id', '=', about.owner_id).forNoKeyUpdate().execute();
    }
    const recent = await trx
      .selectFrom('outbox')
      .select('created_at')
      .where('to_address', '=', about.owner_email)
      .where('schedule_notice', '=', true)
      .where('created_at', '>', new Date(now.getTime() - HOUR_MS))
      .orderBy('created_at', 'desc')
      .limit(notices.capPerHour)
      .execute();
    if (recent.length >= notices.capPerHour) {
      // Capped: due again when the oldest of the hour's notices is an hour old.
      const oldest = new Date(recent[recent.length - 1]!.created_at).getTime();
      await trx
        .updateTable('schedule_notices')
        .set({ due_at: new Date(Math.max(oldest + HOUR_MS, now.getTime() + 1)), claim: null, locked_until: null })
        .where('id', '=', notice.id)
        .execute();
      return 0;
    }

    const day = (await currentFestivalDay(trx, festival)).date;
    const mailSlots = (slots: SlotDef[]): MailSlot[] => [...slots].sort(bySlot).map((s) => slotTime(festival, s, day));
    await enqueueMail(
      trx,
      actScheduleChangedMail(festival, {
        to: about.owner_email,
        ownerName: about.owner_name,
        actName: about.act_name,
        address: about.address,
        scheduled: mailSlots(scheduled),
        unscheduled: mailSlots(unscheduled),
        current: mailSlots(current),
        actUrl: `${publicUrl}/acts/${about.act_id}`,
        scheduleUrl: `${publicUrl}/schedule`,
        byCommittee: Boolean(notice.by_committee),
      }),
      now,
      { scheduleNotice: true },
    );
    await remove();
    return 1;
  });
}
