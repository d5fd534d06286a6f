-- The announcements' version (docs/decisions/0058-festival-peak-pages-at-static-file-cost.md): one
-- row, bumped with every change to the announcements, as the schedule's (0004) and the catalogue's
-- (0005) are with theirs. A kept page (server/lib/kept-answers.ts) is found by these three counters
-- and the minute, so a page drawn before an announcement was posted or withdrawn is never sent
-- after it; an announcement that starts or ends on its own time is covered by the minute.
CREATE TABLE announcements_version (
  id INTEGER PRIMARY KEY,
  version BIGINT NOT NULL
);
INSERT INTO announcements_version (id, version) VALUES (1, 1);

{{SQLITE}} CREATE TRIGGER announcements_insert_version AFTER INSERT ON announcements BEGIN UPDATE announcements_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER announcements_update_version AFTER UPDATE ON announcements BEGIN UPDATE announcements_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER announcements_delete_version AFTER DELETE ON announcements BEGIN UPDATE announcements_version SET version = version + 1 WHERE id = 1; END;
-- PostgreSQL: one bump per statement. The rain switch posts its announcement in the transaction
-- that bumps the schedule's version first (migration 0006); nothing takes this row's lock and then
-- the schedule's, so the two never wait on each other in a circle.
{{POSTGRES}} CREATE FUNCTION bump_announcements_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE announcements_version SET version = version + 1 WHERE id = 1; RETURN NULL; END $$;
{{POSTGRES}} CREATE TRIGGER announcements_version AFTER INSERT OR UPDATE OR DELETE ON announcements FOR EACH STATEMENT EXECUTE FUNCTION bump_announcements_version();
