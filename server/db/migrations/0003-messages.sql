-- Messages to the owner of a venue or an act (the Comment entity, docs/behaviour.md#entities).
-- Messages to the committee are not stored: they go straight to the outbox.
-- {{ID}} is the only dialect-specific token: see server/db/migrate.ts.

CREATE TABLE comments (
  id {{ID}},
  -- Exactly one of the two is set: a real foreign key for each kind of entity, so deleting a
  -- venue or an act deletes the messages about it, which nobody could read any more.
  venue_id INTEGER REFERENCES venues (id) ON DELETE CASCADE,
  act_id INTEGER REFERENCES acts (id) ON DELETE CASCADE,
  -- The venue address or act name when the message was sent, from our own records.
  entity_name VARCHAR(200) NOT NULL,
  -- The sender as they were when they wrote: the e-mail went out with this name and address.
  sender_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  sender_name VARCHAR(100) NOT NULL,
  sender_email VARCHAR(254) NOT NULL,
  -- Sanitized HTML (server/lib/rich-text.ts).
  message TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  CHECK ((venue_id IS NULL) <> (act_id IS NULL))
);
-- The owner's list: one entity's messages, newest first.
CREATE INDEX comments_venue_id_idx ON comments (venue_id, updated_at, id);
CREATE INDEX comments_act_id_idx ON comments (act_id, updated_at, id);
CREATE INDEX comments_sender_id_idx ON comments (sender_id);
