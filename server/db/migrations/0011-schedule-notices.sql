-- Coalesced scheduling notices (docs/decisions/0038-coalesced-notices.md).
--
-- A save of a venue's slots no longer queues a mail to each act owner concerned: it writes (or
-- moves on) one row per (act, venue), in the save's transaction. The row keeps the act's slots at
-- that venue as they were before the first change of a run (a JSON array of slot names) and when
-- the notice is due: NOTICE_DELAY_MS after the last change, never later than latest_due_at
-- (NOTICE_MAX_WAIT_MS after the first). The outbox worker claims due rows the way it claims mail
-- (claim and locked_until) and turns each into one summary, or into nothing when the slots are
-- back where they were. An act or venue deleted takes its rows with it.
CREATE TABLE schedule_notices (
  id {{ID}},
  act_id INTEGER NOT NULL REFERENCES acts (id) ON DELETE CASCADE,
  venue_id INTEGER NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  before_slots TEXT NOT NULL,
  first_change_at TIMESTAMPTZ NOT NULL,
  latest_due_at TIMESTAMPTZ NOT NULL,
  due_at TIMESTAMPTZ NOT NULL,
  claim VARCHAR(40),
  locked_until TIMESTAMPTZ
);
CREATE UNIQUE INDEX schedule_notices_act_venue_key ON schedule_notices (act_id, venue_id);
CREATE INDEX schedule_notices_venue_idx ON schedule_notices (venue_id);
CREATE INDEX schedule_notices_due_idx ON schedule_notices (due_at);

-- A scheduling notice in the outbox is marked, so the cap per recipient per hour
-- (NOTICE_CAP_PER_HOUR) is a count of these rows to one address in the last hour.
ALTER TABLE outbox ADD COLUMN schedule_notice BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX outbox_notice_recipient_idx ON outbox (to_address, created_at);
