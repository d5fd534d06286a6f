import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FestivalResponseSchema } from '../../../contract/festival.js';
import { buildZoneTable } from '../../../contract/festival-time.js';
import type { Deps } from '../../deps.js';
import { effectiveRelease, readSettings } from './settings.js';
import { SHARED_READ } from '../../lib/kept-answers.js';

export function festivalRoutes(deps: Deps): FastifyPluginAsyncZod {
  // The configuration does not change while the process runs: its part of the ETag is computed once.
  const configTag = createHash('sha256').update(JSON.stringify(deps.festival)).digest('base64url').slice(0, 16);
  // Derived from the configuration too: worked out once (docs/decisions/0039-festival-time-without-intl.md).
  const zoneTable = buildZoneTable(deps.festival.timezone, [deps.festival.event.date, deps.festival.rain_date.date]);
  return async (app) => {
    app.get(
      '',
      { schema: { tags: ['festival'], response: { 200: FestivalResponseSchema } } },
      async (request, reply) => {
        // The committee's switches (rain date, schedule release) are read from the one settings
        // row on every request, so every process answers the same; clients revalidate each time,
        // and an unchanged answer is a 304 with no body (docs/decisions/0026-committee-desk-rest.md).
        const settings = await readSettings(deps.db.kysely);
        const release = effectiveRelease(deps.festival, settings)?.toISOString() ?? null;
        const etag = `"${configTag}-${settings.rain_date_active ? 'rain' : 'event'}-${release ?? 'open'}"`;
        reply.header('cache-control', SHARED_READ).header('etag', etag);
        const asked = (request.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
        // The route's schema types its 200; a 304 is HTTP's, with no body to validate.
        if (asked.includes(etag)) return (reply as FastifyReply).code(304).send();
        return {
          ...deps.festival,
          rain_date_active: settings.rain_date_active,
          schedule_release_at: release,
          zone_table: zoneTable,
        };
      },
    );
  };
}
