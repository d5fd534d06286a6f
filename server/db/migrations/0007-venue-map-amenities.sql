-- The porch map and venue amenities (docs/decisions/0024-porch-map-and-amenities.md): a venue's
-- pin (both coordinates or neither; the festival's box is checked by the server, which knows the
-- configuration) and what a visitor with a pram, a wheelchair or small children needs to know.
ALTER TABLE venues ADD COLUMN latitude DOUBLE PRECISION;
ALTER TABLE venues ADD COLUMN longitude DOUBLE PRECISION;
ALTER TABLE venues ADD COLUMN step_free BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE venues ADD COLUMN seating BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE venues ADD COLUMN shade BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE venues ADD COLUMN restroom_nearby BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE venues ADD COLUMN accessibility_note TEXT NOT NULL DEFAULT '';

-- The public schedule carries each venue's pin and amenities, so changing them changes the
-- schedule: its version is bumped as for the address (migration 0004).
{{SQLITE}} DROP TRIGGER venues_update_schedule_version;
{{SQLITE}} CREATE TRIGGER venues_update_schedule_version AFTER UPDATE ON venues WHEN (OLD.address IS NOT NEW.address OR OLD.address_url IS NOT NEW.address_url OR OLD.latitude IS NOT NEW.latitude OR OLD.longitude IS NOT NEW.longitude OR OLD.step_free IS NOT NEW.step_free OR OLD.seating IS NOT NEW.seating OR OLD.shade IS NOT NEW.shade OR OLD.restroom_nearby IS NOT NEW.restroom_nearby OR OLD.accessibility_note IS NOT NEW.accessibility_note) AND EXISTS (SELECT 1 FROM venue_slots WHERE venue_id = NEW.id AND scheduled_act_id IS NOT NULL) BEGIN UPDATE schedule_version SET version = version + 1 WHERE id = 1; END;
{{POSTGRES}} DROP TRIGGER venues_schedule_version ON venues;
{{POSTGRES}} CREATE TRIGGER venues_schedule_version BEFORE UPDATE OF address, address_url, latitude, longitude, step_free, seating, shade, restroom_nearby, accessibility_note OR DELETE ON venues FOR EACH STATEMENT EXECUTE FUNCTION bump_schedule_version();
