-- Moderation (docs/decisions/0037-moderation.md): the committee hides an act or a venue, with a
-- reason its owner is shown. A hidden item leaves every public read (the lists, the details, the
-- schedule, the calendars, the map, link previews) and stays visible to its owner and admins.
-- hidden_at is NULL for a visible item; hidden_reason is kept with it and cleared on unhiding.
ALTER TABLE acts ADD COLUMN hidden_at TIMESTAMPTZ;
ALTER TABLE acts ADD COLUMN hidden_reason VARCHAR(500);
ALTER TABLE venues ADD COLUMN hidden_at TIMESTAMPTZ;
ALTER TABLE venues ADD COLUMN hidden_reason VARCHAR(500);

-- The catalogue's version (migration 0005) is bumped by every update of an act or a venue on both
-- engines already. The schedule's (migration 0004) is bumped only for the columns it shows, so
-- hiding and unhiding bump it too: a hidden act's sets, and every set at a hidden venue, leave
-- the kept schedule of every app process on its next request.
{{SQLITE}} CREATE TRIGGER acts_hidden_schedule_version AFTER UPDATE OF hidden_at ON acts WHEN OLD.hidden_at IS NOT NEW.hidden_at BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venues_hidden_schedule_version AFTER UPDATE OF hidden_at ON venues WHEN OLD.hidden_at IS NOT NEW.hidden_at BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; END;
-- PostgreSQL: statement triggers before the rows are touched, as in 0004, so the version row's
-- lock comes first here too.
{{POSTGRES}} CREATE TRIGGER acts_hidden_schedule_version BEFORE UPDATE OF hidden_at ON acts FOR EACH STATEMENT EXECUTE FUNCTION bump_schedule_version();
{{POSTGRES}} CREATE TRIGGER venues_hidden_schedule_version BEFORE UPDATE OF hidden_at ON venues FOR EACH STATEMENT EXECUTE FUNCTION bump_schedule_version();
