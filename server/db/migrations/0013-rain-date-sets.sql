-- The rain date (docs/decisions/0054-rain-date-and-release.md): while the committee's switch is on,
-- the public schedule leaves out every set whose act or porch cannot come on the rain date. The
-- switch itself bumps the schedule's version (migration 0006); an act's or a venue's answer to
-- "available on the rain date?" changes the sets shown too, so it bumps the version as well, and
-- every app process rebuilds its kept schedule on its next request. (The catalogue's version,
-- migration 0005, is bumped by every update of an act or a venue already.)
{{SQLITE}} CREATE TRIGGER acts_rain_schedule_version AFTER UPDATE OF rain_date_available ON acts WHEN OLD.rain_date_available IS NOT NEW.rain_date_available BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venues_rain_schedule_version AFTER UPDATE OF rain_date_available ON venues WHEN OLD.rain_date_available IS NOT NEW.rain_date_available BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; END;
-- PostgreSQL: statement triggers before the rows are touched, as in 0004 and 0010, so the version
-- row's lock comes first here too.
{{POSTGRES}} CREATE TRIGGER acts_rain_schedule_version BEFORE UPDATE OF rain_date_available ON acts FOR EACH STATEMENT EXECUTE FUNCTION bump_schedule_version();
{{POSTGRES}} CREATE TRIGGER venues_rain_schedule_version BEFORE UPDATE OF rain_date_available ON venues FOR EACH STATEMENT EXECUTE FUNCTION bump_schedule_version();
