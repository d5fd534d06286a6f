import type { FestivalConfig } from '../contract/festival.js';
import type { Db } from './db/connection.js';
import type { Clock } from './lib/clock.js';
import type { KeptAnswers } from './lib/kept-answers.js';
import type { RateRule } from './lib/rate-limit.js';

export interface RateRules {
  /** Failed sign-ins for one e-mail from one address. */
  signinFailures: RateRule;
  /** Failed sign-ins from one address, whatever the e-mail. */
  signinFailuresPerAddress: RateRule;
  signupPerAddress: RateRule;
  forgotPerEmail: RateRule;
  forgotPerAddress: RateRule;
  messagesPerUser: RateRule;
  contactPerAddress: RateRule;
  /** Venue and act creates, edits and deletes by one non-admin user. */
  catalogueWritesPerUser: RateRule;
  /** Saves of a venue's slots (each may mail performers) by one non-admin user. */
  slotWritesPerUser: RateRule;
}

export const defaultRateRules: RateRules = {
  signinFailures: { limit: 10, windowMinutes: 15, blockMinutes: 15 },
  signinFailuresPerAddress: { limit: 100, windowMinutes: 15, blockMinutes: 15 },
  signupPerAddress: { limit: 20, windowMinutes: 60, blockMinutes: 60 },
  forgotPerEmail: { limit: 5, windowMinutes: 60, blockMinutes: 60 },
  forgotPerAddress: { limit: 30, windowMinutes: 60, blockMinutes: 60 },
  messagesPerUser: { limit: 30, windowMinutes: 60, blockMinutes: 60 },
  contactPerAddress: { limit: 10, windowMinutes: 60, blockMinutes: 60 },
  catalogueWritesPerUser: { limit: 120, windowMinutes: 10, blockMinutes: 10 },
  slotWritesPerUser: { limit: 240, windowMinutes: 10, blockMinutes: 10 },
};

/**
 * When coalesced scheduling notices go (docs/decisions/0038-coalesced-notices.md): NOTICE_DELAY_MS
 * after a run's last change, at most NOTICE_MAX_WAIT_MS after its first, and at most
 * NOTICE_CAP_PER_HOUR notices to one person in any hour.
 */
export interface NoticeTiming {
  delayMs: number;
  maxWaitMs: number;
  capPerHour: number;
}

export const defaultNoticeTiming: NoticeTiming = { delayMs: 300_000, maxWaitMs: 1_800_000, capPerHour: 10 };

/** What every feature's routes may use; built once in buildApp. */
export interface Deps {
  db: Db;
  clock: Clock;
  festival: FestivalConfig;
  jwtKey: Uint8Array;
  publicUrl: string;
  rateRules: RateRules;
  notices: NoticeTiming;
  /** Ask the outbox worker to deliver soon: call after a transaction that queued mail commits. */
  mailQueued(): void;
  /** Public answers kept as final bytes and sent before routing (server/lib/kept-answers.ts). */
  kept: KeptAnswers;
}
