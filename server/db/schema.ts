import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: CreatedAt;
}

export interface VenuesTable {
  id: Generated<number>;
  creator_id: number;
  address: string;
  address_url: string;
  size_pref: string;
  provide_electric: string;
  provide_sound_system: string;
  rain_date_available: boolean;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Lower-cased address and visible bio text: what `search` matches. */
  search_text: string;
  bio: string;
}

export interface VenueGenresTable {
  venue_id: number;
  genre: string;
}

export interface VenueSlotsTable {
  id: Generated<number>;
  venue_id: number;
  slot_def: string;
  scheduled_act_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ActsTable {
  id: Generated<number>;
  creator_id: number;
  name: string;
  type: string;
  size: string;
  venue_pref: string | null;
  sound_system: string;
  rain_date_available: boolean;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Lower-cased name and visible bio text: what `search` matches. */
  search_text: string;
  bio: string;
}

export interface ActSlotsTable {
  act_id: number;
  slot_def: string;
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
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OutboxRow = Selectable<OutboxTable>;
