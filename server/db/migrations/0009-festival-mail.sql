-- Mail to the festival (docs/decisions/0031-festival-mail.md).
--
-- One row per message the committee sends to an audience. Its mails are outbox rows that point
-- back at it (mailing_id), queued in the same transaction, so progress is a count of those rows
-- by status. The actor's name is copied in, as in the audit log.
CREATE TABLE mailings (
  id {{ID}},
  actor_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  actor_name VARCHAR(100) NOT NULL,
  audience VARCHAR(20) NOT NULL,
  subject VARCHAR(200) NOT NULL,
  format VARCHAR(10) NOT NULL,
  body TEXT NOT NULL,
  recipients INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX mailings_created_idx ON mailings (created_at, id);

ALTER TABLE outbox ADD COLUMN mailing_id INTEGER REFERENCES mailings (id) ON DELETE CASCADE;
-- One mail per address per mailing, whatever happens: the database refuses a second row.
-- Ordinary mail has no mailing (NULL), and NULLs never collide in a unique index on either engine.
CREATE UNIQUE INDEX outbox_mailing_recipient_key ON outbox (mailing_id, to_address);

-- The send rate shared by every app process (MAIL_RATE_PER_HOUR): one row holding the earliest
-- time the next mail may go. A worker takes a turn with one conditional UPDATE that moves it on.
CREATE TABLE mail_throttle (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  next_send_at TIMESTAMPTZ
);
INSERT INTO mail_throttle (id, next_send_at) VALUES (1, NULL);
