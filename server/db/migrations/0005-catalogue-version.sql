-- The catalogue's version: one row, bumped with every change the venue and act lists show (a
-- venue, an act, their genres and slots, a creator's name, e-mail or roles). Each app process
-- keeps rendered list pages and compares this number once per request, so no process serves a
-- page another process has changed (docs/decisions/0014-list-response-cache.md).
--
-- Triggers bump it, so no writer can forget: routes, ON DELETE cascades, admin scripts.

CREATE TABLE catalogue_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version BIGINT NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 1);

-- SQLite: writes are serialized, so a row trigger inside the writer's transaction is enough.
{{SQLITE}} CREATE TRIGGER venues_insert_catalogue_version AFTER INSERT ON venues BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venues_update_catalogue_version AFTER UPDATE ON venues BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venues_delete_catalogue_version AFTER DELETE ON venues BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venue_genres_insert_catalogue_version AFTER INSERT ON venue_genres BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venue_genres_update_catalogue_version AFTER UPDATE ON venue_genres BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venue_genres_delete_catalogue_version AFTER DELETE ON venue_genres BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venue_slots_insert_catalogue_version AFTER INSERT ON venue_slots BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venue_slots_update_catalogue_version AFTER UPDATE ON venue_slots BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER venue_slots_delete_catalogue_version AFTER DELETE ON venue_slots BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER acts_insert_catalogue_version AFTER INSERT ON acts BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER acts_update_catalogue_version AFTER UPDATE ON acts BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER acts_delete_catalogue_version AFTER DELETE ON acts BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER act_slots_insert_catalogue_version AFTER INSERT ON act_slots BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER act_slots_update_catalogue_version AFTER UPDATE ON act_slots BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER act_slots_delete_catalogue_version AFTER DELETE ON act_slots BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER users_update_catalogue_version AFTER UPDATE OF name, email, is_admin, is_host, is_performer ON users BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;
{{SQLITE}} CREATE TRIGGER users_delete_catalogue_version AFTER DELETE ON users BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END;

-- PostgreSQL: deferred constraint triggers, which run as the transaction commits. A writer
-- therefore takes the version row's lock as the very last thing it does, holding no wait on any
-- other lock after it: writers queue briefly at commit, and cannot deadlock on this row with
-- each other or with the schedule_version lock (taken first, migration 0004). The bump becomes
-- visible together with the change, as on SQLite.
-- One bump per transaction, however many rows it changed (a cascade, a bulk import): a flag
-- local to the transaction skips the rest, so a large write does not update one row thousands
-- of times while holding its lock.
{{POSTGRES}} CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF current_setting('porchfest.catalogue_bumped', true) IS DISTINCT FROM 'on' THEN PERFORM set_config('porchfest.catalogue_bumped', 'on', true); UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END IF; RETURN NULL; END $$;
{{POSTGRES}} CREATE CONSTRAINT TRIGGER venues_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON venues DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
{{POSTGRES}} CREATE CONSTRAINT TRIGGER venue_genres_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON venue_genres DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
{{POSTGRES}} CREATE CONSTRAINT TRIGGER venue_slots_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON venue_slots DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
{{POSTGRES}} CREATE CONSTRAINT TRIGGER acts_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON acts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
{{POSTGRES}} CREATE CONSTRAINT TRIGGER act_slots_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON act_slots DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
{{POSTGRES}} CREATE CONSTRAINT TRIGGER users_catalogue_version AFTER UPDATE OF name, email, is_admin, is_host, is_performer OR DELETE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
