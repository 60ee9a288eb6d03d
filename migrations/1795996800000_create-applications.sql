-- Up Migration
-- Adoption applications (issue 26, docs/decisions/191 and 193). The personal part (answers,
-- notes, decline reason, the two digests) lives in its own columns so erasure can set them
-- all to NULL and keep the rest: the animal, the states and times, the order approval placed.
CREATE TABLE applications (
  id bigint GENERATED ALWAYS AS IDENTITY (SEQUENCE NAME applications_id_seq) PRIMARY KEY
    CONSTRAINT applications_id_range CHECK (id BETWEEN 1 AND 9007199254740991),
  reference text NOT NULL CONSTRAINT applications_reference_unique UNIQUE
    CONSTRAINT applications_reference_format CHECK (reference ~ '^A-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$'),
  pet_id bigint NOT NULL REFERENCES pets (id),
  state text NOT NULL
    CONSTRAINT applications_state_value
      CHECK (state IN ('submitted', 'in_review', 'approved', 'declined', 'withdrawn')),
  source text NOT NULL CONSTRAINT applications_source_value CHECK (source IN ('form', 'staff')),
  suspect text[] NOT NULL DEFAULT '{}',
  order_id bigint REFERENCES orders (id),
  submitted_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  decided_at timestamptz,
  erased_at timestamptz,
  -- Personal data: all present until erasure, all NULL after it.
  answers jsonb,
  notes jsonb,
  decline_reason text,
  email_digest text,
  status_token_digest text,
  CONSTRAINT applications_personal_until_erased CHECK (
    (erased_at IS NULL AND answers IS NOT NULL AND notes IS NOT NULL
      AND email_digest IS NOT NULL AND status_token_digest IS NOT NULL)
    OR (erased_at IS NOT NULL AND answers IS NULL AND notes IS NULL AND decline_reason IS NULL
      AND email_digest IS NULL AND status_token_digest IS NULL)
  )
);

-- The console's queue: newest first by state, by animal (keyset on id), and all of them (the key).
CREATE INDEX applications_state_id_desc ON applications (state, id DESC);
CREATE INDEX applications_pet_id_desc ON applications (pet_id, id DESC);
-- The adopter's status link, and one person's applications (export, erasure).
CREATE UNIQUE INDEX applications_status_token ON applications (status_token_digest)
  WHERE status_token_digest IS NOT NULL;
CREATE INDEX applications_email_digest ON applications (email_digest) WHERE email_digest IS NOT NULL;
-- The retention sweep: decided applications that still hold personal data, oldest decision first.
CREATE INDEX applications_decided_unerased ON applications (decided_at, id)
  WHERE erased_at IS NULL AND decided_at IS NOT NULL;
-- One open application per animal and e-mail: the rule submitApplication answers with the
-- existing one (ON CONFLICT), kept by the database, so two submits at once make one row.
CREATE UNIQUE INDEX applications_one_open_per_adopter ON applications (pet_id, email_digest)
  WHERE state IN ('submitted', 'in_review', 'approved');

-- Down Migration
DROP TABLE applications;
