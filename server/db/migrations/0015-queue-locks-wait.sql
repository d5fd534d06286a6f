-- The schedule's and the catalogue's versions (0004, 0005) are queues by design: every writer of a
-- venue, an act or a slot takes the schedule's row lock first (a BEFORE statement trigger) and the
-- catalogue's last (a deferred trigger, at commit). Under a burst of writes (ten hosts creating,
-- editing and deleting porches while a performer renames the acts put into them) that queue lasts
-- longer than lock_timeout (1 s, the time that makes a stalled database a quick 503, decision
-- 0032), and an ordinary save was answered 503: the slots save already waited without it, the
-- other writers did not. Now every writer waits its turn in the two queues as long as a statement
-- may run (statement_timeout, DB_STATEMENT_TIMEOUT_MS, 5 s by default), and is answered 503 after
-- that; the statement's own table and row locks keep lock_timeout, so a table locked by another
-- process is still a 503 within a second (test/faults/locked-database.test.ts).
-- SQLite serializes writes and has no row locks: nothing to change there.

-- The schedule's bump runs inside the writer's statement, which statement_timeout bounds: no lock
-- time-out of its own (restored when the function returns).
{{POSTGRES}} ALTER FUNCTION bump_schedule_version() SET lock_timeout = 0;

-- The catalogue's bump runs at COMMIT, which PostgreSQL runs without statement_timeout: its wait
-- gets the statement time-out's length as its lock time-out (for the rest of the transaction, which
-- is the commit), so a version row held elsewhere is a 503 after that, never a request that hangs.
{{POSTGRES}} CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF current_setting('porchfest.catalogue_bumped', true) IS DISTINCT FROM 'on' THEN PERFORM set_config('porchfest.catalogue_bumped', 'on', true); PERFORM set_config('lock_timeout', current_setting('statement_timeout'), true); UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END IF; RETURN NULL; END $$;
