-- The committee's desk (docs/decisions/0020-committee-desk.md).
--
-- The audit log: one row per admin action, written in the same transaction as the action. The
-- actor's name and e-mail are copied in, so the entry still says who acted after that account
-- is deleted (actor_id is then set to NULL). before_json and after_json hold the changed values.
CREATE TABLE audit_log (
  id {{ID}},
  actor_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  actor_name VARCHAR(100) NOT NULL,
  actor_email VARCHAR(254) NOT NULL,
  action VARCHAR(40) NOT NULL,
  target_type VARCHAR(20) NOT NULL,
  target_id INTEGER,
  target_label VARCHAR(300) NOT NULL,
  before_json TEXT,
  after_json TEXT,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at, id);

-- The festival's switches the committee sets from the desk: one row. schedule_release_at, when
-- set, overrides the configuration's release time; rain_date_active moves the festival to its
-- rain date. Every change bumps schedule_version (migration 0004), so each app process rebuilds
-- its kept schedule, which carries these values, on its next request.
CREATE TABLE festival_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  schedule_release_at TIMESTAMPTZ,
  rain_date_active BOOLEAN NOT NULL DEFAULT FALSE
);
INSERT INTO festival_settings (id, schedule_release_at, rain_date_active) VALUES (1, NULL, FALSE);
{{SQLITE}} CREATE TRIGGER festival_settings_schedule_version AFTER UPDATE ON festival_settings BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; END;
{{POSTGRES}} CREATE TRIGGER festival_settings_schedule_version BEFORE UPDATE ON festival_settings FOR EACH STATEMENT EXECUTE FUNCTION bump_schedule_version();
