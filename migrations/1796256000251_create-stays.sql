-- Up Migration
-- An animal's stays (issue 41, docs/decisions/250, 251): an intake opens one, an outcome closes
-- it. The record's own fields are kept as written (jsonb); their times also as timestamptz, for
-- the constraints and the order. What names people is in the *_personal columns only, so an
-- erasure clears them and events (written from the other columns' values) never hold them.
CREATE TABLE stays (
  id bigint PRIMARY KEY,
  pet_id bigint NOT NULL REFERENCES pets (id),
  intake_at timestamptz NOT NULL,
  intake jsonb NOT NULL,
  intake_personal jsonb,
  outcome_at timestamptz,
  outcome jsonb,
  outcome_personal jsonb,
  CONSTRAINT stays_outcome_after_intake CHECK (outcome_at >= intake_at),
  CONSTRAINT stays_outcome_whole CHECK ((outcome_at IS NULL) = (outcome IS NULL)),
  CONSTRAINT stays_personal_with_outcome CHECK (outcome IS NOT NULL OR outcome_personal IS NULL)
);
CREATE SEQUENCE stays_id_seq OWNED BY stays.id;
CREATE INDEX stays_pet_id ON stays (pet_id, intake_at, id);
-- At most one open stay a pet. The adapter decides it first, holding the pet's row; this is
-- the database's own guard should any other writer forget to.
CREATE UNIQUE INDEX stays_one_open_per_pet ON stays (pet_id) WHERE outcome_at IS NULL;

-- Down Migration
DROP TABLE stays;
