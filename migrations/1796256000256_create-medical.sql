-- Up Migration
-- The animal's health record (issue 41, docs/decisions/249, 256): the shelter's list of
-- treatments, each animal's vaccinations, tests and treatments, its health facts (spay/neuter,
-- microchip, weights), and which SAC species each category counts as. Each record is kept as
-- written (jsonb), so both engines give back the same; the columns the rules, the order and
-- the due list need are kept beside it.
CREATE TABLE treatment_items (
  id bigint PRIMARY KEY,
  item jsonb NOT NULL
);
CREATE SEQUENCE treatment_items_id_seq OWNED BY treatment_items.id;

CREATE TABLE medical_entries (
  id bigint PRIMARY KEY,
  pet_id bigint NOT NULL REFERENCES pets (id),
  item_id bigint NOT NULL REFERENCES treatment_items (id),
  given_on date NOT NULL,
  next_due date,
  entry jsonb NOT NULL,
  -- The adapter refuses it first (DueBeforeGivenError); this is the database's own guard.
  CONSTRAINT medical_entries_due_after_given CHECK (next_due > given_on)
);
CREATE SEQUENCE medical_entries_id_seq OWNED BY medical_entries.id;
CREATE INDEX medical_entries_pet ON medical_entries (pet_id, given_on, id);
-- The due list: each pet's latest entry per item.
CREATE INDEX medical_entries_latest ON medical_entries (pet_id, item_id, given_on DESC, id DESC);

CREATE TABLE health_facts (
  pet_id bigint PRIMARY KEY REFERENCES pets (id),
  facts jsonb NOT NULL
);

-- Why a recorded fact was corrected: kept with the record, never in an event or a log.
CREATE TABLE medical_corrections (
  id bigserial PRIMARY KEY,
  subject text NOT NULL CHECK (subject IN ('entry', 'health')),
  subject_id bigint NOT NULL,
  at timestamptz NOT NULL,
  fields jsonb NOT NULL,
  reason text NOT NULL
);
CREATE INDEX medical_corrections_subject ON medical_corrections (subject, subject_id, id);

-- A pet's categoryId never has to name a category record, so neither does this one's.
CREATE TABLE category_species (
  category_id bigint PRIMARY KEY,
  species text NOT NULL
);

-- Down Migration
DROP TABLE category_species;
DROP TABLE medical_corrections;
DROP TABLE health_facts;
DROP TABLE medical_entries;
DROP TABLE treatment_items;
