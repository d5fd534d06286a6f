import type { Transaction } from 'kysely';
import type { DeskSettings, RainDateStatus, RainSet } from '../../../contract/admin.js';
import type { FestivalConfig } from '../../../contract/festival.js';
import { festivalDay } from '../../../contract/festival-time.js';
import type { Db } from '../../db/connection.js';
import { filledSlots, peopleWithScheduledSets } from '../../db/filled-slots.js';
import type { Database, Queryable } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { enqueueMail } from '../../mail/outbox.js';
import { rainDateMail } from '../../mail/templates.js';
import { scheduleClock, longDate, zonedInstant } from '../../../contract/festival-time.js';
import { insertAnnouncement, rainAnnouncementIds, removeAnnouncement } from '../announcements/queries.js';
import { configuredRelease, effectiveRelease, readSettings, type FestivalSettings } from '../festival/settings.js';
import { writeAudit, type Actor } from '../../db/audit.js';

export function presentSettings(festival: FestivalConfig, settings: FestivalSettings): DeskSettings {
  const configured = configuredRelease(festival);
  const effective = effectiveRelease(festival, settings);
  return {
    schedule_release_at: effective?.toISOString() ?? null,
    configured_release_at: configured?.toISOString() ?? null,
    schedule_release_source: settings.schedule_release_at ? 'desk' : 'configuration',
    rain_date_active: settings.rain_date_active,
  };
}

/**
 * Sets (or, with null, clears) the desk's release time, with its audit entry, in one transaction.
 * The update bumps schedule_version (migration 0006), so every process's kept schedule follows.
 */
export async function setScheduleRelease(
  db: Db,
  festival: FestivalConfig,
  actor: Actor,
  releaseAt: Date | null,
  now: Date,
): Promise<DeskSettings> {
  return db.kysely.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    await trx.updateTable('festival_settings').set({ schedule_release_at: releaseAt }).where('id', '=', 1).execute();
    const after = await readSettings(trx);
    await writeAudit(trx, {
      actor,
      action: 'set_schedule_release',
      target: { type: 'festival', id: null, label: 'Schedule release' },
      before: { schedule_release_at: effectiveRelease(festival, before)?.toISOString() ?? null },
      after: { schedule_release_at: effectiveRelease(festival, after)?.toISOString() ?? null },
      at: now,
    });
    return presentSettings(festival, after);
  });
}

/** Acts and venues whose owners said they cannot take part on the rain date, scheduled ones first. */
async function rainUnavailable(q: Queryable): Promise<Pick<RainDateStatus, 'acts' | 'venues'>> {
  const acts = await q
    .selectFrom('acts')
    .select((eb) => [
      'acts.id',
      'acts.name as label',
      eb
        .exists(
          eb
            .selectFrom('venue_slots')
            .select('venue_slots.id')
            .whereRef('venue_slots.scheduled_act_id', '=', 'acts.id'),
        )
        .as('scheduled'),
    ])
    .where('acts.rain_date_available', '=', false)
    .orderBy('acts.name')
    .orderBy('acts.id')
    .execute();
  const venues = await q
    .selectFrom('venues')
    .select((eb) => [
      'venues.id',
      'venues.address as label',
      eb
        .exists(
          eb
            .selectFrom('venue_slots')
            .select('venue_slots.id')
            .whereRef('venue_slots.venue_id', '=', 'venues.id')
            .where('venue_slots.scheduled_act_id', 'is not', null),
        )
        .as('scheduled'),
    ])
    .where('venues.rain_date_available', '=', false)
    .orderBy('venues.address')
    .orderBy('venues.id')
    .execute();
  // SQLite answers EXISTS with 0 or 1.
  const present = (rows: { id: number; label: string; scheduled: unknown }[]) =>
    rows
      .map((r) => ({ id: r.id, label: r.label, scheduled: Boolean(r.scheduled) }))
      .sort((a, b) => Number(b.scheduled) - Number(a.scheduled));
  return { acts: present(acts), venues: present(venues) };
}

/**
 * The switch's banner (docs/decisions/0029-announcements.md): it replaces the one the previous
 * switch posted, so the festival never announces both days, and shows until the end of the day
 * in force (or a day, if that is already past). Both are audit entries of their own, written
 * before the switch's.
 */
async function postRainAnnouncement(
  trx: Transaction<Database>,
  festival: FestivalConfig,
  actor: Actor,
  active: boolean,
  dayLabel: string,
  scheduleUrl: string,
  now: Date,
): Promise<void> {
  for (const id of await rainAnnouncementIds(trx)) await removeAnnouncement(trx, actor, id, now);
  const day = festivalDay(festival, active);
  const dayEnd = zonedInstant(day.date, day.end, festival.timezone);
  const ends = dayEnd > now.getTime() ? new Date(dayEnd) : new Date(now.getTime() + 24 * 60 * 60 * 1000);
  await insertAnnouncement(
    trx,
    actor,
    {
      text: active
        ? `${festival.name} moves to the rain date: ${dayLabel}.`
        : `${festival.name} is back on its date: ${dayLabel}.`,
      link_url: /^https?:\/\//.test(scheduleUrl) ? scheduleUrl : null,
      level: active ? 'warning' : 'info',
      starts_at: now,
      ends_at: ends,
      source: 'rain_date',
    },
    now,
  );
}

/**
 * The scheduled sets whose act or porch cannot come on the rain date, by slot and address: what the
 * public schedule leaves out while the rain date is in force, and what the committee re-plans
 * (docs/decisions/0054-rain-date-and-release.md).
 */
async function rainSets(q: Queryable): Promise<RainSet[]> {
  const rows = await filledSlots(q)
    .select([
      'venues.id as venue_id',
      'venues.address',
      'venues.rain_date_available as venue_rain',
      'venue_slots.slot_def',
      'acts.id as act_id',
      'acts.name as act_name',
      'acts.rain_date_available as act_rain',
    ])
    .where((eb) => eb.or([eb('venues.rain_date_available', '=', false), eb('acts.rain_date_available', '=', false)]))
    .orderBy('venue_slots.slot_def')
    .orderBy('venues.address')
    .orderBy('venues.id')
    .execute();
  return rows.map((r) => ({
    venue_id: r.venue_id,
    address: r.address,
    slot_def: r.slot_def,
    act_id: r.act_id,
    act_name: r.act_name,
    cause: !r.act_rain && !r.venue_rain ? 'both' : !r.act_rain ? 'act' : 'venue',
  }));
}

/** GET /v1/admin/rain-date: the day in force, who cannot come on the rain date, and their sets. */
export async function readRainDate(q: Queryable, festival: FestivalConfig): Promise<RainDateStatus> {
  const settings = await readSettings(q);
  return {
    rain_date_active: settings.rain_date_active,
    date: festivalDay(festival, settings.rain_date_active).date,
    mailed: 0,
    ...(await rainUnavailable(q)),
    sets: await rainSets(q),
  };
}

/**
 * Moves the festival to its rain date or back, in one transaction with its audit entry and one
 * e-mail per host or performer with a scheduled set (a person who is both gets one). The update
 * only applies when the flag changes, so of two admins switching at once one does the work and
 * the other changes nothing: the mails go out once. The update bumps schedule_version
 * (migration 0006), so every process's kept schedule follows.
 */
export async function setRainDate(
  db: Db,
  deps: Pick<Deps, 'festival' | 'publicUrl'>,
  actor: Actor,
  active: boolean,
  now: Date,
): Promise<RainDateStatus> {
  const { festival } = deps;
  return db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('festival_settings')
      .set({ rain_date_active: active })
      .where('id', '=', 1)
      .where('rain_date_active', '=', !active)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return readRainDate(trx, festival);

    const day = festivalDay(festival, active);
    const dayLabel = `${longDate(day.date)}, ${scheduleClock(day.start)} to ${scheduleClock(day.end)}`;
    const scheduleUrl = `${deps.publicUrl}/schedule`;
    await postRainAnnouncement(trx, festival, actor, active, dayLabel, scheduleUrl, now);

    await writeAudit(trx, {
      actor,
      action: 'set_rain_date',
      target: { type: 'festival', id: null, label: 'Rain date' },
      before: { rain_date_active: !active, date: festivalDay(festival, !active).date },
      after: { rain_date_active: active, date: festivalDay(festival, active).date },
      at: now,
    });

    const recipients = await peopleWithScheduledSets(trx)
      .select(['users.id', 'users.name', 'users.email'])
      .orderBy('users.id')
      .execute();
    for (const person of recipients) {
      await enqueueMail(
        trx,
        rainDateMail(festival, {
          to: person.email,
          name: person.name,
          rainDateActive: active,
          date: longDate(day.date),
          time: `${scheduleClock(day.start)} to ${scheduleClock(day.end)}`,
          scheduleUrl,
        }),
        now,
      );
    }
    return { ...(await readRainDate(trx, festival)), mailed: recipients.length };
  });
}
