-- Up Migration
-- Every pet from before the record gets its first stay (issue 41, docs/decisions/254), as the
-- file engine gives them at open (lib/animal-record/first-stay.ts says the same in code):
-- - intake "other, not recorded" when the pet began: its oldest kept pet event (events older
--   than the retention are gone), else now;
-- - a sold (adopted) pet's stay closed by an adoption: its latest delivered order's time and
--   id, else its latest kept pet event, else the intake's time; the intake no later than that.
-- No events: nobody changed anything, and a feed of one stay.opened a pet would say otherwise.
WITH kept AS (
  SELECT p.id AS pet_id, p.status, first_kept.first_at, first_kept.last_at,
         delivered.id AS order_id, delivered.updated_at AS delivered_at
  FROM pets p
  LEFT JOIN LATERAL (
    -- The audit's index (events_audit_resource) answers this by pet.
    SELECT min(e.created_at) AS first_at, max(e.created_at) AS last_at FROM events e
    WHERE split_part(e.type, '.', 1) = 'pet' AND e.body->'data'->'object'->>'id' = p.id::text
  ) first_kept ON true
  LEFT JOIN LATERAL (
    SELECT o.id, o.updated_at FROM orders o
    WHERE o.pet_id = p.id AND o.status = 'delivered' ORDER BY o.id DESC LIMIT 1
  ) delivered ON p.status = 'sold'
  WHERE NOT EXISTS (SELECT 1 FROM stays s WHERE s.pet_id = p.id)
), timed AS (
  SELECT pet_id, order_id, COALESCE(first_at, now()) AS began,
         CASE WHEN status = 'sold' THEN COALESCE(delivered_at, last_at, first_at, now()) END AS outcome_at
  FROM kept
), first_stays AS (
  SELECT pet_id, order_id, outcome_at, LEAST(began, COALESCE(outcome_at, began)) AS intake_at
  FROM timed ORDER BY pet_id
)
INSERT INTO stays (id, pet_id, intake_at, intake, outcome_at, outcome)
SELECT nextval('stays_id_seq'), pet_id, intake_at,
       jsonb_build_object(
         'at', to_char(intake_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'type', 'other', 'subtype', 'not_recorded', 'condition', 'not_assessed', 'sourceKind', 'unknown'
       ),
       outcome_at,
       CASE WHEN outcome_at IS NOT NULL THEN
         jsonb_build_object('at', to_char(outcome_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'type', 'adoption')
         || CASE WHEN order_id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('orderId', order_id) END
       END
FROM first_stays;

-- Down Migration
-- The stays it opened cannot be told from those recorded later with the same type; nothing is undone.
SELECT 1;
