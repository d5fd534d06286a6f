-- Scheduling notices say who changed the schedule (docs/decisions/0050-draft-schedule.md): a
-- change by the committee (an admin who does not own the venue, or an applied draft schedule)
-- tells the act's owner that the committee made it, not the porch's host.
ALTER TABLE schedule_notices ADD COLUMN by_committee BOOLEAN NOT NULL DEFAULT FALSE;
