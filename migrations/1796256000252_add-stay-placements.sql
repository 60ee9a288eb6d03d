-- Up Migration
-- Foster placements, corrections and retention of stays (issue 41, docs/decisions/252, 253).
-- A stay's placements are kept beside it (jsonb, its days and ids), what names the carer in
-- placements_personal only (by placement id), so an erasure clears one column as for the
-- intake and the outcome. `history` is the stay's corrections: fields changed, when, and the
-- reason (erased with the personal parts). Placement ids are the store's, from one sequence.
ALTER TABLE stays
  ADD COLUMN placements jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN placements_personal jsonb,
  ADD COLUMN history jsonb NOT NULL DEFAULT '[]',
  ADD CONSTRAINT stays_placements_list CHECK (jsonb_typeof(placements) = 'array'),
  ADD CONSTRAINT stays_history_list CHECK (jsonb_typeof(history) = 'array');
CREATE SEQUENCE stay_placements_id_seq;
-- Retention's sweep reads the closed stays by when they closed.
CREATE INDEX stays_closed_at ON stays (outcome_at) WHERE outcome_at IS NOT NULL;

-- Down Migration
DROP INDEX stays_closed_at;
DROP SEQUENCE stay_placements_id_seq;
ALTER TABLE stays
  DROP COLUMN history,
  DROP COLUMN placements_personal,
  DROP COLUMN placements;
