-- Venues with their slots, acts, and the content-addressed images of rich-text bios.
-- {{ID}} is the only dialect-specific token: see server/db/migrate.ts.

CREATE TABLE venues (
  id {{ID}},
  creator_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address VARCHAR(200) NOT NULL,
  -- Derived from the address and festival.map_search_url when the venue is written.
  address_url TEXT NOT NULL,
  size_pref VARCHAR(20) NOT NULL,
  provide_electric VARCHAR(3) NOT NULL,
  provide_sound_system VARCHAR(3) NOT NULL,
  rain_date_available BOOLEAN NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  -- Lower-cased address and visible bio text, what `search` matches: searching the HTML
  -- would match tag and style names and miss text written as entities. It comes before
  -- bio because SQLite reads a row's columns in order: a search that needs only this
  -- column never walks a long bio's overflow pages.
  search_text TEXT NOT NULL,
  bio TEXT NOT NULL
);
CREATE INDEX venues_updated_at_idx ON venues (updated_at, id);
CREATE INDEX venues_created_at_idx ON venues (created_at, id);
CREATE INDEX venues_address_idx ON venues (address, id);
CREATE INDEX venues_creator_id_idx ON venues (creator_id);

-- preferred_act_types as rows, so the genre filter is an exact, indexed match.
CREATE TABLE venue_genres (
  venue_id INTEGER NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  genre VARCHAR(30) NOT NULL,
  PRIMARY KEY (venue_id, genre)
);
CREATE INDEX venue_genres_genre_idx ON venue_genres (genre, venue_id);

CREATE TABLE acts (
  id {{ID}},
  creator_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name VARCHAR(100) NOT NULL,
  type VARCHAR(30) NOT NULL,
  size VARCHAR(20) NOT NULL,
  venue_pref VARCHAR(500),
  sound_system VARCHAR(20) NOT NULL,
  rain_date_available BOOLEAN NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  -- Lower-cased name and visible bio text; see venues.search_text.
  search_text TEXT NOT NULL,
  bio TEXT NOT NULL
);
CREATE INDEX acts_updated_at_idx ON acts (updated_at, id);
CREATE INDEX acts_created_at_idx ON acts (created_at, id);
CREATE INDEX acts_name_idx ON acts (name, id);
CREATE INDEX acts_creator_id_idx ON acts (creator_id);
CREATE INDEX acts_type_idx ON acts (type, updated_at);

-- preferred_slots as rows, so the slot filter is an exact, indexed match.
CREATE TABLE act_slots (
  act_id INTEGER NOT NULL REFERENCES acts (id) ON DELETE CASCADE,
  slot_def VARCHAR(10) NOT NULL,
  PRIMARY KEY (act_id, slot_def)
);
CREATE INDEX act_slots_slot_def_idx ON act_slots (slot_def, act_id);

-- The slots a venue offers. A row per offered slot; scheduled_act_id is the act playing it.
CREATE TABLE venue_slots (
  id {{ID}},
  venue_id INTEGER NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  slot_def VARCHAR(10) NOT NULL,
  scheduled_act_id INTEGER REFERENCES acts (id) ON DELETE SET NULL
);
-- A venue offers each slot once.
CREATE UNIQUE INDEX venue_slots_venue_slot_key ON venue_slots (venue_id, slot_def);
-- An act plays at most once per slot time, whatever the venue: two hosts saving at the same
-- moment cannot both win. NULLs (free slots) are distinct in both engines.
CREATE UNIQUE INDEX venue_slots_act_slot_key ON venue_slots (scheduled_act_id, slot_def);
CREATE INDEX venue_slots_slot_def_idx ON venue_slots (slot_def, scheduled_act_id, venue_id);

-- Images from rich text, keyed by the SHA-256 of their bytes: the same image is stored once
-- and its URL never changes, so it can be cached for a year. The column is BYTEA: PostgreSQL's
-- binary type; SQLite gives that name NUMERIC affinity, which stores a bound blob unchanged.
CREATE TABLE media (
  sha256 CHAR(64) PRIMARY KEY,
  mime_type VARCHAR(50) NOT NULL,
  byte_size INTEGER NOT NULL,
  bytes BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
