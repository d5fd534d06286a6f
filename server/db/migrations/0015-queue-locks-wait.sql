-- The schedule's and the catalogue's versions (0004, 0005) are queues by design: every writer of a
-- venue, an act or a slot takes the schedule's row lock first (a BEFORE statement trigger) and the
-- catalogue's last (a deferred trigger, at commit). Under a burst of writes (ten hosts creating,
-- editing and deleting porches while a performer renames the acts put into them) that queue lasts
-- longer than lock_timeout (1 s, the time that makes a stalled database a quick 503, decision
-- 0032), and an ordinary save was answered 503: the slots save already waited without it, the
-- other writers did not. Both bumps now wait without a lock time-out, bounded by statement_timeout
-- (5 s); the statement's own table and row locks keep lock_timeout, so a table locked by another
-- process is still a 503 within a second (test/faults/locked-database.test.ts).
-- SQLite serializes writes and has no row locks: nothing to change there.
{{POSTGRES}} ALTER FUNCTION bump_schedule_version() SET lock_timeout = 0;
{{POSTGRES}} ALTER FUNCTION bump_catalogue_version() SET lock_timeout = 0;
