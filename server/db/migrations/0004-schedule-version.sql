-- The public schedule's version: one row, bumped in the same transaction as every change the
-- schedule shows (an act put into or taken out of a slot, a slot removed, an act's name, bio or
-- genre, a venue's address, a deleted venue or act). Each app process keeps the rendered
-- schedule and compares this number once per request, so no process serves a schedule another
-- process has changed (docs/decisions/0007-public-schedule.md).
--
-- Triggers bump it, so no writer can forget: routes, ON DELETE cascades, admin scripts. A
-- statement that starts with {{SQLITE}} or {{POSTGRES}} runs on that engine only (see
-- server/db/migrate.ts): trigger syntax differs.

CREATE TABLE schedule_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version BIGINT NOT NULL
);
INSERT INTO schedule_version (id, version) VALUES (1, 1);

-- SQLite: row triggers that fire only when a scheduled act could be affected. Writes are
-- serialized there, so when the bump happens inside the transaction does not matter.
{{SQLITE}} CREATE TRIGGER venue_slots_insert_schedule_version AFTER INSERT ON venue_slots WHEN NEW.scheduled_act_id IS NOT NULL BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venue_slots_update_schedule_version AFTER UPDATE ON venue_slots WHEN OLD.scheduled_act_id IS NOT NEW.scheduled_act_id OR (NEW.scheduled_act_id IS NOT NULL AND (OLD.slot_def IS NOT NEW.slot_def OR OLD.venue_id IS NOT NEW.venue_id)) BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venue_slots_delete_schedule_version AFTER DELETE ON venue_slots WHEN OLD.scheduled_act_id IS NOT NULL BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER acts_update_schedule_version AFTER UPDATE OF name, bio, type ON acts WHEN (OLD.name IS NOT NEW.name OR OLD.bio IS NOT NEW.bio OR OLD.type IS NOT NEW.type) AND EXISTS (SELECT 1 FROM venue_slots WHERE scheduled_act_id = NEW.id) BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venues_update_schedule_version AFTER UPDATE OF address, address_url ON venues WHEN (OLD.address IS NOT NEW.address OR OLD.address_url IS NOT NEW.address_url) AND EXISTS (SELECT 1 FROM venue_slots WHERE venue_id = NEW.id AND scheduled_act_id IS NOT NULL) BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; END;

-- PostgreSQL: statement triggers that run BEFORE the statement touches a row, so a writer takes
-- the version row's lock before any row lock in these tables. Transactions that change the
-- schedule therefore queue on one lock in one order and cannot deadlock on each other's slot
-- rows, and the unique index (scheduled_act_id, slot_def) still decides every race. Deletes
-- cascade into venue_slots, which fires its trigger.
{{POSTGRES}} CREATE FUNCTION bump_schedule_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; RETURN NULL; END $$;
{{POSTGRES}} CREATE TRIGGER venue_slots_schedule_version BEFORE INSERT OR UPDATE OR DELETE ON venue_slots FOR EACH STATEMENT EXECUTE FUNCTION bump_schedule_version();
{{POSTGRES}} CREATE TRIGGER acts_schedule_version BEFORE UPDATE OF name, bio, type OR DELETE ON acts FOR EACH STATEMENT EXECUTE FUNCTION bump_schedule_version();
{{POSTGRES}} CREATE TRIGGER venues_schedule_version BEFORE UPDATE OF address, address_url OR DELETE ON venues FOR EACH STATEMENT EXECUTE FUNCTION bump_schedule_version();
