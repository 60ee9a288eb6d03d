-- Up Migration
-- The person (or the operator) behind each key, kept as long as the key: their keys are
-- revoked when they lose its scopes (docs/decisions/203). Existing keys get the issuer their
-- record proves, as the file store reads its older key files (lib/keys/key-issuer.ts): no
-- created_by is `npm run keys` (the operator); a person's key is theirs; a key issued by a
-- key inherits that key's issuer; a chain that cannot be followed is "unknown".
ALTER TABLE api_keys ADD COLUMN issuer jsonb;
UPDATE api_keys SET issuer = '{"type": "operator"}'
  WHERE created_by IS NULL OR created_by->>'type' IN ('operator', 'system');
UPDATE api_keys SET issuer = jsonb_build_object('type', 'person', 'id', created_by->>'id')
  WHERE created_by->>'type' = 'person';
UPDATE api_keys SET issuer = '{"type": "operator"}'
  WHERE issuer IS NULL AND created_by->>'type' = 'api_key' AND created_by->>'id' ~ '^(env|generated)-';
DO $$
BEGIN
  LOOP -- one link of every key-issued-by-key chain per round
    UPDATE api_keys AS child SET issuer = parent.issuer
      FROM api_keys AS parent
      WHERE child.issuer IS NULL AND child.created_by->>'type' = 'api_key'
        AND parent.id = child.created_by->>'id' AND parent.issuer IS NOT NULL;
    EXIT WHEN NOT FOUND;
  END LOOP;
END $$;
UPDATE api_keys SET issuer = '{"type": "unknown"}' WHERE issuer IS NULL;
ALTER TABLE api_keys ALTER COLUMN issuer SET NOT NULL;
-- The keys of one person, found when they are deactivated, erased or demoted.
CREATE INDEX api_keys_person_issuer ON api_keys ((issuer->>'id')) WHERE issuer->>'type' = 'person';

-- Down Migration
DROP INDEX api_keys_person_issuer;
ALTER TABLE api_keys DROP COLUMN issuer;
