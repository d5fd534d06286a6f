import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { ActSize, Genre, PerformerSoundSystem, SlotDef, VenueSizePref, YesNoValue } from '../../contract/enums.js';

/** A timestamp: a Date in code, timestamptz in PostgreSQL, ISO-8601 text in SQLite. */
type Timestamp = ColumnType<Date, Date, Date>;
type CreatedAt = ColumnType<Date, Date, never>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  is_admin: ColumnType<boolean, boolean | undefined, boolean>;
  is_host: boolean;
  is_performer: boolean;
  /** Bumped on logout and password change; a token carrying an older version is refused. */
  token_version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token: the token itself is only ever in the e-mail. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_start: Timestamp;
  blocked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  reply_to: string | null;
  reply_to_name: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: ColumnType<'pending' | 'sent' | 'failed', 'pending' | undefined, 'pending' | 'sent' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The mail to the festival this row is one copy of (migration 0009), or null. */
  mailing_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A coalesced scheduling notice (migration 0011): counted for NOTICE_CAP_PER_HOUR. */
  schedule_notice: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: CreatedAt;
}

// The columns that hold one of the contract's choices (a slot, a genre, a size, yes/no) are typed
// as that choice: the API's schemas check every value before it is written, so what is read back is
// one of them, and no reader casts it.
export interface VenuesTable {
  id: Generated<number>;
  creator_id: number;
  address: string;
  address_url: string;
  size_pref: VenueSizePref;
  provide_electric: YesNoValue;
  provide_sound_system: YesNoValue;
  rain_date_available: boolean;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Lower-cased address and visible bio text: what `search` matches. */
  search_text: string;
  bio: string;
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
  step_free: ColumnType<boolean, boolean | undefined, boolean>;
  seating: ColumnType<boolean, boolean | undefined, boolean>;
  shade: ColumnType<boolean, boolean | undefined, boolean>;
  restroom_nearby: ColumnType<boolean, boolean | undefined, boolean>;
  accessibility_note: ColumnType<string, string | undefined, string>;
  /** Set while the committee hides the venue (migration 0010, docs/behaviour.md#moderation). */
  hidden_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface VenueGenresTable {
  venue_id: number;
  genre: Genre;
}

export interface VenueSlotsTable {
  id: Generated<number>;
  venue_id: number;
  slot_def: SlotDef;
  scheduled_act_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ActsTable {
  id: Generated<number>;
  creator_id: number;
  name: string;
  type: Genre;
  size: ActSize;
  venue_pref: string | null;
  sound_system: PerformerSoundSystem;
  rain_date_available: boolean;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Lower-cased name and visible bio text: what `search` matches. */
  search_text: string;
  bio: string;
  /** Set while the committee hides the act (migration 0010, docs/behaviour.md#moderation). */
  hidden_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ActSlotsTable {
  act_id: number;
  slot_def: SlotDef;
}

/** Rich-text images, content-addressed by the SHA-256 of their bytes. */
export interface MediaTable {
  sha256: string;
  mime_type: string;
  byte_size: number;
  bytes: Buffer;
  created_at: CreatedAt;
}

/** A message to the owner of a venue or an act; exactly one of venue_id and act_id is set. */
export interface CommentsTable {
  id: Generated<number>;
  venue_id: number | null;
  act_id: number | null;
  entity_name: string;
  sender_id: number | null;
  sender_name: string;
  sender_email: string;
  message: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One row (id 1): bumped by triggers whenever the public schedule changes (migration 0004). */
export interface ScheduleVersionTable {
  id: number;
  version: number;
}

/** One row, bumped by triggers with every change the venue and act lists show (migration 0005). */
export interface CatalogueVersionTable {
  id: number;
  version: number;
}

/** One row, bumped by triggers with every change to the announcements (migration 0014). */
export interface AnnouncementsVersionTable {
  id: number;
  version: number;
}

/** One admin action (migration 0006): who, what, when, and the changed values as JSON text. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: number | null;
  target_label: string;
  before_json: string | null;
  after_json: string | null;
  created_at: CreatedAt;
}

/** One row (id 1): the committee's switches (migration 0006). */
export interface FestivalSettingsTable {
  id: number;
  schedule_release_at: Date | null;
  rain_date_active: boolean;
}

/** A banner shown to everyone between its start and end (migration 0008). */
export interface AnnouncementsTable {
  id: Generated<number>;
  text: string;
  link_url: string | null;
  level: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** 'desk' (posted by an admin) or 'rain_date' (posted by the rain date switch). */
  source: string;
  created_by: number | null;
  created_at: CreatedAt;
}

/** A mail to the festival (migration 0009): its copies are outbox rows with its mailing_id. */
export interface MailingsTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  audience: string;
  subject: string;
  format: string;
  body: string;
  recipients: number;
  created_at: CreatedAt;
}

/**
 * A scheduling notice waiting to be sent (migration 0011, docs/decisions/0038-coalesced-notices.md):
 * one per (act, venue), holding the act's slots there before the first change of a run.
 */
export interface ScheduleNoticesTable {
  id: Generated<number>;
  act_id: number;
  venue_id: number;
  /** JSON array of slot names. */
  before_slots: string;
  first_change_at: Timestamp;
  latest_due_at: Timestamp;
  due_at: Timestamp;
  claim: ColumnType<string | null, string | null | undefined, string | null>;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The change was the committee's, not the venue's host (migration 0012). */
  by_committee: ColumnType<boolean, boolean | undefined, boolean>;
}

/** One row (id 1): when the next mail may go, under MAIL_RATE_PER_HOUR (migration 0009). */
export interface MailThrottleTable {
  id: number;
  next_send_at: Date | null;
}

export interface Database {
  users: UsersTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  outbox: OutboxTable;
  schema_migrations: SchemaMigrationsTable;
  venues: VenuesTable;
  venue_genres: VenueGenresTable;
  venue_slots: VenueSlotsTable;
  acts: ActsTable;
  act_slots: ActSlotsTable;
  media: MediaTable;
  comments: CommentsTable;
  schedule_version: ScheduleVersionTable;
  catalogue_version: CatalogueVersionTable;
  announcements_version: AnnouncementsVersionTable;
  audit_log: AuditLogTable;
  festival_settings: FestivalSettingsTable;
  announcements: AnnouncementsTable;
  mailings: MailingsTable;
  mail_throttle: MailThrottleTable;
  schedule_notices: ScheduleNoticesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OutboxRow = Selectable<OutboxTable>;

/** What a query runs on: the database, or a transaction open on it. */
export type Queryable = Kysely<Database> | Transaction<Database>;
