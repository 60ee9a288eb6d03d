-- Up Migration
-- The pet's profile (issue 24, docs/decisions/170): sex, birth date, size, breed, description,
-- good with children/dogs/cats. One jsonb object in the shape of PET_PROFILE_FIELDS in
-- lib/pets/schemas.ts, which validates every write: the fields are declared once, there,
-- and both stores hold the same object. NULL is no profile (every pet before this).
ALTER TABLE pets ADD COLUMN profile jsonb
  CONSTRAINT pets_profile_object CHECK (jsonb_typeof(profile) = 'object');

-- Adopters' filters on sex, size and good-with are containment (`profile @> '{"sex":"female"}'`).
CREATE INDEX pets_profile ON pets USING gin (profile jsonb_path_ops) WHERE profile IS NOT NULL;

-- Down Migration
DROP INDEX pets_profile;
ALTER TABLE pets DROP COLUMN profile;
