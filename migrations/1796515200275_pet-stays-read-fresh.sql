-- Up Migration
-- A pet's stays as one jsonb array (oldest intake first), read with a snapshot of its own
-- (docs/decisions/275). An order's delivery reads the stays, decides the adoption's outcome
-- in the process, then writes in one statement that holds the order and the pet and checks
-- that the stays are still as read. A statement sees the rows of the snapshot it began with;
-- a VOLATILE function takes a fresh snapshot for each query it runs, so called once the pet's
-- row is held, it sees every stay write committed before that (each holds the pet's row, so
-- none can commit after it until the statement ends). The times are left out: they are
-- intake.at and outcome.at again, and their text would depend on the session's time zone.
CREATE FUNCTION pet_stays(pet bigint) RETURNS jsonb LANGUAGE sql VOLATILE AS $$
  SELECT COALESCE(jsonb_agg(to_jsonb(s) - 'intake_at' - 'outcome_at' ORDER BY s.intake_at, s.id), '[]'::jsonb)
  FROM stays s WHERE s.pet_id = pet
$$;

-- Down Migration
DROP FUNCTION pet_stays(bigint);
