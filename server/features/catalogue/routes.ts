import type { FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { IdParamsSchema } from '../../../contract/forms.js';
import type { Db } from '../../db/connection.js';
import type { CataloguePage } from '../../db/paging.js';
import type { Database, Queryable, UserRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { ListCache } from '../../lib/list-cache.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { perUserWriteLimit } from '../../lib/rate-limit.js';
import type { RichTextImage } from '../../lib/rich-text.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import type { Viewer } from '../auth/creator.js';
import { canSee, listView } from '../auth/policy.js';
import { storeMedia } from '../media/queries.js';
import { ALL_SETS, readSetsShown, setsShownKey, type SetsShown } from '../scheduling/sets-shown.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The `:id` that IdParamsSchema parsed. */
const idOf = (request: FastifyRequest) => (request.params as z.output<typeof IdParamsSchema>).id;

/** What every catalogue list's query holds besides its filters (contract/lists.ts). */
interface ListQuery {
  offset: number;
  limit: number;
  include_total: boolean;
  order_by: string;
  creator_id?: number;
}

/** A list's filters as its query gives them, with what the reader may see. */
export type ListFilters<Query extends ListQuery> = Omit<Query, 'offset' | 'limit' | 'include_total' | 'order_by'> & {
  include_hidden: boolean;
  public_sets: SetsShown | undefined;
};

/** The act or the venue catalogue, as its routes under `/v1/acts` or `/v1/venues` read and write it. */
export interface Catalogue<
  Query extends ListQuery,
  Record extends { hidden_at: Date | null; creator_id: number },
  Item,
> {
  /** The collection's name, its OpenAPI tag. */
  tag: 'acts' | 'venues';
  /** The 404's message ('Act not found'). */
  missing: string;
  schemas: { query: z.ZodType<Query>; list: z.ZodType<{ data: Item[]; total?: number }>; item: z.ZodType<Item> };
  list(
    db: Db,
    filters: ListFilters<Query>,
    page: Pick<Query, 'offset' | 'limit' | 'order_by'>,
    withTotal: boolean,
  ): Promise<CataloguePage<Record>>;
  find(q: Queryable, id: number): Promise<Record | undefined>;
  present(record: Record, viewer: Viewer, shown: SetsShown): Item;
  canChange(user: UserRow, record: NoInfer<Record>): boolean;
  /** E-mails the owners scheduled with it, in the delete's transaction: the mails queued. */
  notifyDeleted(trx: Transaction<Database>, deps: Deps, id: number): Promise<number>;
  /** False when it is already gone. */
  remove(q: Queryable, id: number): Promise<boolean>;
}

/**
 * The routes the act and venue catalogues share (the list, a page, a delete) and the pieces of
 * their writes: who may change an item (404 before 403), and a write stored with its pictures in
 * one transaction and read back as its owner sees it.
 */
export function catalogueRoutes<
  Query extends ListQuery,
  Record extends { hidden_at: Date | null; creator_id: number },
  Item,
>(deps: Deps, catalogue: Catalogue<Query, Record, Item>) {
  const { db, clock } = deps;
  const { tag, missing, schemas } = catalogue;
  const { optionalUser, requireUser } = authHooks(deps);
  const writeLimit = perUserWriteLimit(deps, 'catalogue-writes', deps.rateRules.catalogueWritesPerUser);
  const lists = new ListCache(db, schemas.list);

  /** The item a write is about, when this user may change it: 404 before 403. */
  const changeable = async (id: number, user: UserRow) => {
    const record = await catalogue.find(db.kysely, id);
    if (!record) throw notFound(missing);
    if (!catalogue.canChange(user, record)) throw forbidden();
    return record;
  };

  /** Stores the pictures and runs `write` in one transaction. */
  const written = <T>(images: RichTextImage[], write: (trx: Transaction<Database>, now: Date) => Promise<T>) => {
    const now = clock.now();
    return db.kysely.transaction().execute(async (trx) => {
      await storeMedia(trx, images, now);
      return write(trx, now);
    });
  };

  /** The item as its owner or an admin sees it after a write: every set shows. */
  const presentWritten = async (id: number, user: UserRow) => {
    const record = await catalogue.find(db.kysely, id);
    if (!record) throw notFound(missing);
    return catalogue.present(record, user, ALL_SETS);
  };

  /** A new item (`insert` answers its id), as its owner sees it. */
  const created = async (
    user: UserRow,
    images: RichTextImage[],
    insert: (trx: Transaction<Database>, now: Date) => Promise<number>,
  ) => presentWritten(await written(images, insert), user);

  /** Item `id` edited (`update` answers false when it is gone), as its owner or an admin sees it. */
  const edited = async (
    id: number,
    user: UserRow,
    images: RichTextImage[],
    update: (trx: Transaction<Database>, now: Date) => Promise<boolean>,
  ) => {
    if (!(await written(images, update))) throw notFound(missing);
    return presentWritten(id, user);
  };

  /** A write's options: signed in (`preValidation`), the catalogue's write limit, `schema`. */
  const writeOptions = <Schema extends object>(preValidation: typeof requireUser, schema: Schema) => ({
    preValidation,
    preHandler: writeLimit,
    schema: { tags: [tag], ...schema },
  });

  /**
   * GET / (the list, kept rendered), GET /:id and DELETE /:id. Fastify's zod type provider cannot
   * resolve a schema that is a type parameter, so these read the query and the id as the schemas
   * parsed them (`parsed`); the schemas still validate and serialize.
   */
  const register = (zodApp: App) => {
    const app = zodApp.withTypeProvider<FastifyTypeProviderDefault>();
    app.get(
      '/',
      {
        preValidation: optionalUser,
        // The cache holds each page compressed (server/lib/list-cache.ts).
        compress: false,
        schema: { tags: [tag], querystring: schemas.query, response: { 200: schemas.list, ...ErrorResponses } },
      },
      async (request, reply) => {
        const query = request.query as Query;
        const { offset, limit, include_total, order_by, ...filters } = query;
        const view = listView(request.user, filters.creator_id, query);
        // Who plays where shows only after the release, and on the rain date only for the sets that
        // can happen: the release passing changes the page without a write, so it is in the key
        // (docs/decisions/0054-rain-date-and-release.md).
        const shown = await readSetsShown(db.kysely, deps.festival, clock.now());
        const key = `${view.cacheKey} ${setsShownKey(shown)}`;
        return lists.send(request, reply, key, async () => {
          const { items, total } = await catalogue.list(
            db,
            { ...filters, include_hidden: view.include_hidden, public_sets: view.presentFor ? undefined : shown },
            { offset, limit, order_by },
            include_total,
          );
          return {
            data: items.map((item) => catalogue.present(item, view.presentFor, shown)),
            ...(total !== undefined ? { total } : {}),
          };
        });
      },
    );

    app.get(
      '/:id',
      {
        preValidation: optionalUser,
        schema: { tags: [tag], params: IdParamsSchema, response: { 200: schemas.item, ...ErrorResponses } },
      },
      async (request) => {
        const record = await catalogue.find(db.kysely, idOf(request));
        // A hidden item is absent for anyone but its owner and admins (docs/behaviour.md#moderation).
        if (!record || !canSee(request.user, record)) throw notFound(missing);
        return catalogue.present(record, request.user, await readSetsShown(db.kysely, deps.festival, clock.now()));
      },
    );

    app.delete(
      '/:id',
      writeOptions(requireUser, { params: IdParamsSchema, response: { 204: z.null(), ...ErrorResponses } }),
      async (request, reply) => {
        const id = idOf(request);
        await changeable(id, currentUser(request));
        // Each owner scheduled with it is e-mailed, in the delete's transaction (the slots go with it).
        const mails = await db.kysely.transaction().execute(async (trx) => {
          const queued = await catalogue.notifyDeleted(trx, deps, id);
          if (!(await catalogue.remove(trx, id))) throw notFound(missing);
          return queued;
        });
        if (mails > 0) deps.mailQueued();
        return reply.code(204).send(null);
      },
    );
  };

  return { register, changeable, created, edited, presentWritten, writeOptions };
}
