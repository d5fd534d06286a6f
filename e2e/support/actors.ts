import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import type { Act } from '../../contract/acts.js';
import type { SessionUser } from '../../contract/auth.js';
import type { Venue } from '../../contract/venues.js';
import { actBody, venueBody } from '../../test/support/bodies.js';
import type { E2eApp } from './e2e-app.js';
import { projectRoot } from './server.js';

export { actBody, venueBody };

export const PASSWORD = 'Porch-Music-2025';
// web/lib/session.ts keeps the whole sign-in response under this key (docs/behaviour.md#entities).
export const SESSION_KEY = 'user';

export type Role = 'host' | 'performer';

export interface ApiOptions {
  method?: string;
  body?: unknown;
  token?: string;
}

/**
 * The people and data of a browser test, made over the running app's API as a person would make
 * them, and the page's session set to one of them.
 */
export interface E2eActors {
  /** A JSON call to the app; anything but a 2xx answer throws with the status and body. */
  api<T>(path: string, options?: ApiOptions): Promise<T>;
  /** A new account with `roles`, its e-mail made from `name` and unique in this file. */
  signUp(roles: Role[], name: string): Promise<SessionUser>;
  /**
   * An admin as the committee makes one: register (as a host unless `roles` says otherwise), then
   * `npm run admin -- grant`, then sign in.
   */
  signUpAdmin(name: string, roles?: Role[]): Promise<SessionUser>;
  /** The three people of a scheduled set, signed up in this order: an admin, a host and a performer. */
  signUpCast(adminName: string, hostName: string, performerName: string): Promise<Cast>;
  /**
   * Every page this test opens from now on starts signed in as `user` (the session the app
   * stores, docs/behaviour.md#entities).
   */
  signInAs(user: SessionUser): Promise<void>;
  /**
   * Opens `path` in `page` as `user` (as nobody for null), for a test that visits as several
   * people in turn: the session is set before any script of the app runs.
   */
  openAs(page: Page, user: SessionUser | null, path: string): Promise<void>;
  /** A porch of `host` at `address` (see venueBody for the rest). */
  createVenue(host: SessionUser, address: string, extra?: Record<string, unknown>): Promise<Venue>;
  /** An act of `performer` called `name` (see actBody for the rest). */
  createAct(performer: SessionUser, name: string, extra?: Record<string, unknown>): Promise<Act>;
  /** `host` saves `venue`'s slots, with acts in some (PATCH /v1/venues/{id}, the slots screen's call). */
  saveSlots(host: SessionUser, venue: Venue, slots: SlotChoice[]): Promise<Venue>;
}

export interface Cast {
  admin: SessionUser;
  host: SessionUser;
  performer: SessionUser;
}

/** One of a venue's slots as the slots screen saves it: offered, and maybe with an act in it. */
export interface SlotChoice {
  slot_def: string;
  scheduled_act_id?: number | null;
}

export function e2eActors(app: E2eApp): E2eActors {
  let people = 0;

  async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
    const response = await fetch(`${app.baseUrl}${path}`, {
      method: options.method ?? 'GET',
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  async function signUp(roles: Role[], name: string): Promise<SessionUser> {
    people += 1;
    // Trimmed: an address starting with '-' would be quoted in the committee's CSV exports.
    const email = `${name.toLowerCase().replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${people}@example.test`;
    return api<SessionUser>('/v1/auth/signup', { method: 'POST', body: { name, email, password: PASSWORD, roles } });
  }

  async function signUpAdmin(name: string, roles: Role[] = ['host']): Promise<SessionUser> {
    const person = await signUp(roles, name);
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant', person.email], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_PATH: app.databasePath, DATABASE_URL: '', NODE_ENV: 'test' },
      stdio: 'pipe',
    });
    return api<SessionUser>('/v1/auth/signin', { method: 'POST', body: { email: person.email, password: PASSWORD } });
  }

  async function signUpCast(adminName: string, hostName: string, performerName: string): Promise<Cast> {
    const admin = await signUpAdmin(adminName);
    const host = await signUp(['host'], hostName);
    const performer = await signUp(['performer'], performerName);
    return { admin, host, performer };
  }

  async function signInAs(user: SessionUser): Promise<void> {
    // A script string: the e2e files are type-checked without the DOM library.
    await app.context.addInitScript({
      content: `window.localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(JSON.stringify(user))});`,
    });
  }

  async function openAs(page: Page, user: SessionUser | null, path: string): Promise<void> {
    await page.goto(`${app.baseUrl}/about`);
    const key = JSON.stringify(SESSION_KEY);
    await page.evaluate(
      user === null
        ? `window.localStorage.removeItem(${key})`
        : `window.localStorage.setItem(${key}, ${JSON.stringify(JSON.stringify(user))})`,
    );
    await page.goto(`${app.baseUrl}${path}`);
  }

  const createVenue = (host: SessionUser, address: string, extra: Record<string, unknown> = {}) =>
    api<Venue>('/v1/venues', { method: 'POST', token: host.jwt_token, body: venueBody(address, extra) });

  const createAct = (performer: SessionUser, name: string, extra: Record<string, unknown> = {}) =>
    api<Act>('/v1/acts', { method: 'POST', token: performer.jwt_token, body: actBody(name, extra) });

  const saveSlots = (host: SessionUser, venue: Venue, slots: SlotChoice[]) =>
    api<Venue>(`/v1/venues/${venue.id}`, { method: 'PATCH', token: host.jwt_token, body: { available_slots: slots } });

  return { api, signUp, signUpAdmin, signUpCast, signInAs, openAs, createVenue, createAct, saveSlots };
}
