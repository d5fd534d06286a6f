import type { FestivalConfig } from '../contract/festival.js';
import type { Db } from './db/connection.js';
import type { Clock } from './lib/clock.js';
import type { RateRule } from './lib/rate-limit.js';

export interface RateRules {
  /** Failed sign-ins for one e-mail from one address. */
  signinFailures: RateRule;
  signupPerAddress: RateRule;
  forgotPerEmail: RateRule;
  forgotPerAddress: RateRule;
  messagesPerUser: RateRule;
  contactPerAddress: RateRule;
}

export const defaultRateRules: RateRules = {
  signinFailures: { limit: 10, windowMinutes: 15, blockMinutes: 15 },
  signupPerAddress: { limit: 20, windowMinutes: 60, blockMinutes: 60 },
  forgotPerEmail: { limit: 5, windowMinutes: 60, blockMinutes: 60 },
  forgotPerAddress: { limit: 30, windowMinutes: 60, blockMinutes: 60 },
  messagesPerUser: { limit: 30, windowMinutes: 60, blockMinutes: 60 },
  contactPerAddress: { limit: 10, windowMinutes: 60, blockMinutes: 60 },
};

/** What every feature's routes may use; built once in buildApp. */
export interface Deps {
  db: Db;
  clock: Clock;
  festival: FestivalConfig;
  jwtKey: Uint8Array;
  publicUrl: string;
  rateRules: RateRules;
  /** Ask the outbox worker to deliver soon: call after a transaction that queued mail commits. */
  mailQueued(): void;
}
