import { createHash } from 'node:crypto';
import { SLOT_DEFS, type SlotDef } from '../../../contract/choices.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { enqueueMail } from '../../mail/outbox.js';
import { venueScheduleChangedMail } from '../../mail/templates.js';
import { currentFestivalDay } from '../festival/festival-day.js';
import { slotTime } from '../scheduling/slot-times.js';
import {
  DraftMessages,
  type ApplyDraftInput,
  type ApplyDraftResult,
  type CreateDraftInput,
  type Draft,
  type DraftAssignment,
} from '../../../contract/drafts.js';
import type { UserRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { ErrorCodes } from '../../../contract/errors.js';
import { writeAudit } from '../../db/audit.js';
import { lockScheduleVersion, venueSlots } from '../scheduling/queries.js';
import { inScheduleTransaction, writeVenueSlots } from '../scheduling/update-slots.js';
import { allContacts, loadFitData } from '../matching/world.js';
import type { FitAct, FitVenue } from '../matching/fit.js';
import type { DraftInput, DraftOutcome } from './draft.js';
import { draftInProcess } from './solver.js';

interface StoredDraft {
  id: number;
  status: Draft['status'];
  day: Draft['day'];
  keep: Draft['keep'];
  createdAt: Date;
  /**
   * A fingerprint of everything the draft was made from (every venue, slot, act and set as the fit
   * model reads them); an apply when it differs is refused as stale.
   */
  version: string;
  outcome: DraftOutcome | null;
  error: string | null;
}

/** How many finished drafts a process keeps (the newest). */
const KEPT = 20;

/**
 * The committee's drafts (docs/decisions/0050-draft-schedule.md), kept in this process only: a
 * restart forgets them (GET then answers 404 saying so). One solve at a time, in a worker thread.
 */
export class DraftService {
  private readonly drafts = new Map<number, StoredDraft>();
  private nextId = 1;
  private solving: Promise<void> | null = null;

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'festival' | 'notices' | 'mailQueued' | 'publicUrl'>,
    private readonly draft: (input: DraftInput) => Promise<DraftOutcome> = draftInProcess,
  ) {}

  /** Starts a draft; answers at once while it solves. A second one while one solves is a 409. */
  async create(input: CreateDraftInput): Promise<{ id: number; status: Draft['status'] }> {
    if (this.solving) throw conflict(DraftMessages.busy);
    const id = this.nextId++;
    const stored: StoredDraft = {
      id,
      status: 'solving',
      day: input.day,
      keep: input.keep,
      createdAt: this.deps.clock.now(),
      version: '',
      outcome: null,
      error: null,
    };
    this.drafts.set(id, stored);
    this.forgetOld();
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    this.solving = ready.then(() => this.solve(stored, input)).finally(() => (this.solving = null));
    started();
    return { id, status: stored.status };
  }

  private async solve(stored: StoredDraft, input: CreateDraftInput): Promise<void> {
    try {
      const q = this.deps.db.kysely;
      const [{ venues, acts }, contacts] = await Promise.all([loadFitData(q), allContacts(q)]);
      stored.version = fingerprint({ venues, acts });
      stored.outcome = await this.draft({
        festival: { slots: this.deps.festival.slots, matching: this.deps.festival.matching },
        venues,
        acts,
        contacts: [...contacts],
        day: input.day,
        keep: input.keep,
        timeLimitS: this.deps.festival.matching.solver_time_limit_s,
      });
      stored.status = 'done';
    } catch (err) {
      stored.status = 'failed';
      stored.error = err instanceof Error ? err.message : String(err);
    }
  }

  /** Waits for the draft being solved, if any (tests, and a server stopping). */
  async settled(): Promise<void> {
    await this.solving;
  }

  get(id: number): Draft {
    const d = this.drafts.get(id);
    if (!d) throw notFound(DraftMessages.notFound);
    const o = d.outcome;
    return {
      id: d.id,
      status: d.status,
      day: d.day,
      keep: d.keep,
      optimal: o?.optimal ?? false,
      gap: o ? o.gap : null,
      placed: o?.placed ?? 0,
      unplaced: o?.unplaced ?? [],
      assignments: o?.assignments ?? [],
      solve_ms: o ? o.solve_ms : null,
      before: o?.before ?? null,
      after: o?.after ?? null,
      created_at: d.createdAt.toISOString(),
      error: d.error,
    };
  }

  /**
   * Applies the chosen changes (all when none are named) through the hosts' own scheduling path,
   * in one transaction with one audit entry: every removal first, then every new or moved set, so
   * a move never meets its own old set. Refused with a 409 when the schedule changed since the draft.
   */
  async apply(
    id: number,
    input: ApplyDraftInput,
    actor: Pick<UserRow, 'id' | 'is_admin' | 'name' | 'email'>,
  ): Promise<ApplyDraftResult> {
    const d = this.drafts.get(id);
    if (!d) throw notFound(DraftMessages.notFound);
    if (d.status !== 'done' || !d.outcome) throw conflict(DraftMessages.notDone);
    const changes = selectChanges(d.outcome.assignments, input);

    // Per venue: the acts its slots hold after the removals, then after everything.
    const removals = new Map<number, Map<SlotDef, null>>();
    const additions = new Map<number, Map<SlotDef, number>>();
    for (const c of changes) {
      if (c.change === 'removed') mapOf(removals, c.venue_id).set(c.slot_def, null);
      else mapOf(additions, c.venue_id).set(c.slot_def, c.act_id);
    }
    const venues = [...new Set([...removals.keys(), ...additions.keys()])].sort((a, b) => a - b);

    const { db } = this.deps;
    const result = await inScheduleTransaction(this.deps, null, async (trx) => {
      await lockScheduleVersion(trx, db.dialect);
      if (fingerprint(await loadFitData(trx)) !== d.version) throw conflict(DraftMessages.stale);
      let notices = 0;
      const slotsNow = async (venueId: number) =>
        new Map((await venueSlots(trx, venueId)).map((s) => [s.slot_def, s.scheduled_act_id]));
      const original = new Map<number, Map<SlotDef, number | null>>();
      for (const venueId of venues) original.set(venueId, await slotsNow(venueId));
      const write = async (venueId: number, slots: Map<SlotDef, number | null>) => {
        const input = {
          available_slots: [...slots].map(([slot_def, scheduled_act_id]) => ({ slot_def, scheduled_act_id })),
        };
        notices += await writeVenueSlots(trx, this.deps, venueId, input, actor);
      };
      for (const venueId of venues) {
        const remove = removals.get(venueId);
        if (!remove) continue;
        const slots = await slotsNow(venueId);
        for (const slot of remove.keys()) if (slots.has(slot)) slots.set(slot, null);
        await write(venueId, slots);
      }
      for (const venueId of venues) {
        const add = additions.get(venueId);
        if (!add) continue;
        const slots = await slotsNow(venueId);
        for (const [slot, act] of add) slots.set(slot, act);
        await write(venueId, slots);
      }
      notices += await tellHosts(
        trx,
        this.deps,
        original,
        await Promise.all(venues.map(async (v) => [v, await slotsNow(v)] as const)),
      );
      await writeAudit(trx, {
        actor,
        action: 'apply_schedule_draft',
        target: { type: 'schedule', id: null, label: `Draft ${d.id} (${d.day} day, keep ${d.keep})` },
        before: null,
        after: {
          draft: d.id,
          day: d.day,
          keep: d.keep,
          changes: changes.map((c) => ({
            venue_id: c.venue_id,
            slot_def: c.slot_def,
            act_id: c.act_id,
            change: c.change,
          })),
        },
        at: this.deps.clock.now(),
      });
      return { applied: changes.length, notices, version: fingerprint(await loadFitData(trx)) };
    });
    // The draft's own changes do not make it stale: the committee may apply the rest later.
    d.version = result.version;
    if (result.notices > 0) this.deps.mailQueued();
    return { applied: result.applied, notices: result.notices };
  }

  private forgetOld() {
    const ids = [...this.drafts.keys()].sort((a, b) => a - b);
    for (const id of ids.slice(0, Math.max(0, ids.length - KEPT))) this.drafts.delete(id);
  }
}

/** What a draft was made from, as one hash: any change to a venue, slot, act or set changes it. */
function fingerprint(data: { venues: FitVenue[]; acts: FitAct[] }): string {
  const hash = createHash('sha256');
  for (const v of data.venues) hash.update(JSON.stringify({ ...v, slots: [...v.slots].sort() }));
  for (const a of data.acts) hash.update(JSON.stringify(a));
  return hash.digest('base64url');
}

/**
 * One mail to each host whose porch the apply changed, listing each changed slot with its act now
 * and before (the acts' owners get their usual coalesced notice, which says the committee made the
 * change). Returns how many mails were queued.
 */
async function tellHosts(
  trx: Transaction<Database>,
  deps: Pick<Deps, 'clock' | 'festival' | 'publicUrl'>,
  before: Map<number, Map<SlotDef, number | null>>,
  after: readonly (readonly [number, Map<SlotDef, number | null>])[],
): Promise<number> {
  const changed = after
    .map(([venueId, slots]) => {
      const was = before.get(venueId) ?? new Map<SlotDef, number | null>();
      const slotsChanged = SLOT_DEFS.filter((slot) => (was.get(slot) ?? null) !== (slots.get(slot) ?? null)).map(
        (slot) => ({ slot, now: slots.get(slot) ?? null, before: was.get(slot) ?? null }),
      );
      return { venueId, slotsChanged };
    })
    .filter((v) => v.slotsChanged.length > 0);
  if (changed.length === 0) return 0;
  const hosts = await trx
    .selectFrom('venues')
    .innerJoin('users', 'users.id', 'venues.creator_id')
    .select(['venues.id', 'venues.address', 'users.name', 'users.email'])
    .where(
      'venues.id',
      'in',
      changed.map((c) => c.venueId),
    )
    .execute();
  const actIds = changed.flatMap((c) => c.slotsChanged.flatMap((s) => [s.now, s.before])).filter((a) => a !== null);
  const acts = new Map(
    actIds.length === 0
      ? []
      : (await trx.selectFrom('acts').select(['id', 'name']).where('id', 'in', actIds).execute()).map((a) => [
          a.id,
          a.name,
        ]),
  );
  const day = (await currentFestivalDay(trx, deps.festival)).date;
  const now = deps.clock.now();
  for (const { venueId, slotsChanged } of changed) {
    const host = hosts.find((h) => h.id === venueId);
    if (!host) continue;
    await enqueueMail(
      trx,
      venueScheduleChangedMail(deps.festival, {
        to: host.email,
        hostName: host.name,
        address: host.address,
        changes: slotsChanged.map((c) => ({
          slot: slotTime(deps.festival, c.slot, day),
          now: c.now === null ? null : (acts.get(c.now) ?? null),
          before: c.before === null ? null : (acts.get(c.before) ?? null),
        })),
        editUrl: `${deps.publicUrl}/venues/${venueId}/slots/edit`,
        scheduleUrl: `${deps.publicUrl}/schedule`,
      }),
      now,
    );
  }
  return changed.length;
}

function mapOf<V>(map: Map<number, Map<SlotDef, V>>, key: number): Map<SlotDef, V> {
  let inner = map.get(key);
  if (!inner) map.set(key, (inner = new Map<SlotDef, V>()));
  return inner;
}

/**
 * The changes an apply names: every change at each named venue slot (a move also takes its old
 * set's removal along, so an act never plays twice); all changes when none are named.
 */
function selectChanges(assignments: readonly DraftAssignment[], input: ApplyDraftInput): DraftAssignment[] {
  const changes = assignments.filter((a) => a.change !== 'kept');
  if (!input.changes) return changes;
  const chosen = new Set<DraftAssignment>();
  input.changes.forEach((named, i) => {
    const here = changes.filter((c) => c.venue_id === named.venue_id && c.slot_def === named.slot_def);
    if (here.length === 0) {
      throw new HttpError(400, ErrorCodes.validation, DraftMessages.unknownChange, {
        [`changes.${i}`]: DraftMessages.unknownChange,
      });
    }
    for (const c of here) {
      chosen.add(c);
      if (c.change === 'moved') {
        for (const r of changes) if (r.change === 'removed' && r.act_id === c.act_id) chosen.add(r);
      }
    }
  });
  return changes.filter((c) => chosen.has(c));
}
