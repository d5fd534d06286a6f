import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { FestivalConfig } from '../../../contract/festival.js';
import type { Database, Queryable } from '../../db/schema.js';
import { effectiveRelease, readSettings } from '../festival/settings.js';

/**
 * Which scheduled sets the public sees now (docs/decisions/0054-rain-date-and-release.md): none
 * before the release time; on the rain date, none whose act or porch cannot come that day. A set's
 * own people (the venue's owner, the act's owner) and admins always see it.
 */
export interface SetsShown {
  /** The release time has passed (or there is none). */
  released: boolean;
  /** The committee moved the festival to its rain date. */
  rain: boolean;
}

/** Every set, as its owners and admins see them (and as writes answer them). */
export const ALL_SETS: SetsShown = { released: true, rain: false };

/**
 * What the public sees at `now`: one read of the settings row. The release passing changes the
 * answer without any write, so kept pages carry `setsShownKey` in their key.
 */
export async function readSetsShown(
  q: Queryable,
  festival: Pick<FestivalConfig, 'schedule_release' | 'timezone'>,
  now: Date,
): Promise<SetsShown> {
  const settings = await readSettings(q);
  const release = effectiveRelease(festival, settings);
  return { released: release === null || now >= release, rain: settings.rain_date_active };
}

/** A kept page's key part: pages drawn before the release, or before the rain switch, are other pages. */
export const setsShownKey = (shown: SetsShown) =>
  `${shown.released ? 'released' : 'unreleased'} ${shown.rain ? 'rain' : 'day'}`;

/** One set, as the rules need it. */
export interface SetFacts {
  venueOwner: number;
  actOwner: number;
  venueRain: boolean;
  actRain: boolean;
}

type Viewer = { id: number; is_admin: boolean } | null | undefined;

/** The set's own people and admins. */
const ownSet = (viewer: Viewer, set: Pick<SetFacts, 'venueOwner' | 'actOwner'>) =>
  Boolean(viewer && (viewer.is_admin || viewer.id === set.venueOwner || viewer.id === set.actOwner));

/** Whether the public may see a set now: released, and on the rain date both its act and porch come. */
export const publicSet = (shown: SetsShown, set: Pick<SetFacts, 'venueRain' | 'actRain'>) =>
  shown.released && (!shown.rain || (set.venueRain && set.actRain));

/** Whether `viewer` sees this set: its own people and admins always, anyone else as `publicSet`. */
export const showsSet = (shown: SetsShown, viewer: Viewer, set: SetFacts) =>
  ownSet(viewer, set) || publicSet(shown, set);

/**
 * The same rule in SQL, for a query over venue_slots joined to venues and acts: a filter on what
 * the public sees (the act list's "Plays at", the venue list's slot availability).
 */
export function publicSetCondition(
  eb: ExpressionBuilder<Database, 'venue_slots' | 'venues' | 'acts'>,
  shown: SetsShown,
): Expression<SqlBool> {
  if (!shown.released) return sql<SqlBool>`1 = 0`;
  const all: Expression<SqlBool>[] = [eb('venues.hidden_at', 'is', null), eb('acts.hidden_at', 'is', null)];
  if (shown.rain) all.push(eb('venues.rain_date_available', '=', true), eb('acts.rain_date_available', '=', true));
  return eb.and(all);
}
