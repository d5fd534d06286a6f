-- Accounts, password resets, rate limits and the mail outbox.
-- {{ID}} is the only dialect-specific token: see server/db/migrate.ts.

CREATE TABLE users (
  id {{ID}},
  email VARCHAR(254) NOT NULL,
  name VARCHAR(100) NOT NULL,
  password_hash VARCHAR(200) NOT NULL,
  is_admin BOOLEAN NOT NULL DEFAULT FALSE,
  is_host BOOLEAN NOT NULL DEFAULT FALSE,
  is_performer BOOLEAN NOT NULL DEFAULT FALSE,
  token_version INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
-- E-mails are stored lower-cased, so this is the case-insensitive uniqueness rule.
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE password_resets (
  id {{ID}},
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash CHAR(64) NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX password_resets_token_hash_key ON password_resets (token_hash);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);

CREATE TABLE rate_limits (
  key VARCHAR(200) PRIMARY KEY,
  hits INTEGER NOT NULL,
  window_start TIMESTAMPTZ NOT NULL,
  blocked_until TIMESTAMPTZ
);

CREATE TABLE outbox (
  id {{ID}},
  to_address VARCHAR(320) NOT NULL,
  reply_to VARCHAR(254),
  reply_to_name VARCHAR(200),
  subject VARCHAR(300) NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT,
  status VARCHAR(10) NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL,
  locked_until TIMESTAMPTZ,
  last_error TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  sent_at TIMESTAMPTZ
);
CREATE INDEX outbox_due_idx ON outbox (status, next_attempt_at);
