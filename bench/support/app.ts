import { buildApp } from '../../server/app.js';
import type { Db } from '../../server/db/connection.js';
import type { FestivalConfig } from '../../contract/festival.js';

/** The app in this process, as the in-process benchmarks measure it: no mail, no web root. */
export const benchApp = (db: Db, festival: FestivalConfig) =>
  buildApp({
    db,
    festival,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    publicUrl: 'http://127.0.0.1',
    webRoot: '/nonexistent',
  });
