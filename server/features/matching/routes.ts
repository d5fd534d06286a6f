import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../contract/forms.js';
import {
  ActSuggestionsResponseSchema,
  ExplainQuerySchema,
  ExplainResponseSchema,
  MatchingHealthSchema,
  type MatchingHealth,
  VenueSuggestionsQuerySchema,
  VenueSuggestionsResponseSchema,
} from '../../../contract/matching.js';
import type { UserRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { Turns } from '../../lib/turns.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import { isOwnerOrAdmin } from '../auth/policy.js';
import { assess, type Audience, type FitWorld } from './fit.js';
import { matchingHealth, suggestActs, suggestVenues } from './suggest.js';
import { allContacts, contactsOf, FitWorldCache } from './world.js';

/**
 * Matchmaking (docs/decisions/0049-matchmaking.md): suggestions for a host's slot and for a
 * performer's act, why a pair is not suggested, and the committee's view of the matching. Each
 * route signs the caller in before it reads its query, and checks ownership on the server.
 */
export function matchingRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db, festival } = deps;
  const { requireUser, requireRole } = authHooks(deps);
  const worlds = new FitWorldCache(db, festival);
  // Rankings take turns with everything else the server does (bench/matching.ts: twenty at once).
  const turns = new Turns();
  const healths = new WeakMap<FitWorld, { key: string; health: MatchingHealth }>();
  const tags = ['matching'];
  /** A route for anyone signed in; what they may see of it, each route checks. */
  const signedIn = <Schema extends object>(schema: Schema) => ({
    preValidation: requireUser,
    schema: { tags, ...schema },
  });
  const limit = festival.matching.suggestions;

  /**
   * The world, and the porch (`side` 'host') or the act ('performer') `id` in it for its owner or an
   * admin (404 before 403), with the people its owner is in touch with.
   */
  async function ownedBy<Item extends { id: number; owner_id: number }>(
    user: UserRow,
    side: 'host' | 'performer',
    id: number,
    pick: (world: FitWorld) => ReadonlyMap<number, Item>,
    missing: string,
  ) {
    const world = await worlds.get();
    const item = pick(world).get(id);
    if (!item) throw notFound(missing);
    if (!isOwnerOrAdmin(user, item.owner_id)) throw forbidden();
    const contacts = await contactsOf(db.kysely, side, item.owner_id);
    return { world, item, contacts };
  }

  const ownPorch = (user: UserRow, id: number) => ownedBy(user, 'host', id, (w) => w.venues, 'Venue not found');
  const ownAct = (user: UserRow, id: number) => ownedBy(user, 'performer', id, (w) => w.acts, 'Act not found');

  return async (app) => {
    app.get(
      '/venues/:id/suggestions',
      signedIn({
        params: IdParamsSchema,
        querystring: VenueSuggestionsQuerySchema,
        response: { 200: VenueSuggestionsResponseSchema, ...ErrorResponses },
      }),
      async (request) => {
        const user = currentUser(request);
        const { world, item: venue, contacts } = await ownPorch(user, request.params.id);
        return turns.run(() => suggestActs(world, venue.id, request.query.slot_def, (p) => contacts.has(p), limit));
      },
    );

    app.get(
      '/acts/:id/suggestions',
      signedIn({ params: IdParamsSchema, response: { 200: ActSuggestionsResponseSchema, ...ErrorResponses } }),
      async (request) => {
        const user = currentUser(request);
        const { world, item: act, contacts } = await ownAct(user, request.params.id);
        // The owner reads their own sentences; an admin looking on reads the committee's.
        const audience = user.id === act.owner_id ? 'performer' : 'committee';
        return turns.run(() => suggestVenues(world, act.id, (h) => contacts.has(h), limit, audience));
      },
    );

    app.get(
      '/matches/explain',
      signedIn({ querystring: ExplainQuerySchema, response: { 200: ExplainResponseSchema, ...ErrorResponses } }),
      async (request) => {
        const user = currentUser(request);
        const { venue_id, slot_def, act_id, open_slot } = request.query;
        const world = await worlds.get();
        const venue = world.venues.get(venue_id);
        if (!venue) throw notFound('Venue not found');
        const act = world.acts.get(act_id);
        if (!act) throw notFound('Act not found');
        const isHost = user.id === venue.owner_id;
        const isPerformer = user.id === act.owner_id;
        if (!isHost && !isPerformer && !user.is_admin) throw forbidden();
        // A hidden act or porch does not exist for the other side (docs/behaviour.md#moderation).
        if (act.hidden && !isPerformer && !user.is_admin) throw notFound('Act not found');
        if (venue.hidden && !isHost && !user.is_admin) throw notFound('Venue not found');
        // Each side reads its own sentences; an admin reads the committee's.
        const audience: Audience = isHost ? 'host' : isPerformer ? 'performer' : 'committee';
        const contacts = await contactsOf(db.kysely, 'host', venue.owner_id);
        // Only the porch's own host (or an admin) may ask as the editor does.
        const openSlot = open_slot && (isHost || user.is_admin);
        const result = assess(world, venue.id, slot_def, act.id, { inTouch: contacts.has(act.owner_id) }, audience, {
          openSlot,
        });
        if (!result) throw notFound();
        return result;
      },
    );

    app.get(
      '/admin/matching',
      {
        preValidation: requireRole('admin'),
        schema: { tags: ['admin', ...tags], response: { 200: MatchingHealthSchema, ...ErrorResponses } },
      },
      async () => {
        const world = await worlds.get();
        const contacts = await allContacts(db.kysely);
        // Kept per world and contacts: the whole festival's pairs take a while at festival scale.
        const key = [...contacts].sort().join(',');
        const kept = healths.get(world);
        if (kept?.key === key) return kept.health;
        const health = await turns.run(() => matchingHealth(world, (h, p) => contacts.has(`${h}|${p}`)));
        healths.set(world, { key, health });
        return health;
      },
    );
  };
}
