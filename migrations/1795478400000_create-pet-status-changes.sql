-- Up Migration
-- Staff corrections of a pet's status, with why (issue 22, docs/decisions/155). The reason
-- is free text that may name people: it is kept here and never logged. CHECK constraints
-- mirror the zod rules in lib/pets/pet-patch.ts.
CREATE TABLE pet_status_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pet_id bigint NOT NULL REFERENCES pets (id),
  from_status text NOT NULL
    CONSTRAINT pet_status_changes_from_value CHECK (from_status IN ('available', 'pending', 'sold')),
  to_status text NOT NULL
    CONSTRAINT pet_status_changes_to_value CHECK (to_status IN ('available', 'pending', 'sold')),
  reason text NOT NULL
    CONSTRAINT pet_status_changes_reason_length CHECK (char_length(reason) BETWEEN 1 AND 500)
    CONSTRAINT pet_status_changes_reason_no_control CHECK (reason !~ '[\u0001-\u001f\u007f-\u009f]'),
  changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX pet_status_changes_pet_id ON pet_status_changes (pet_id, id);

-- Down Migration
DROP TABLE pet_status_changes;
