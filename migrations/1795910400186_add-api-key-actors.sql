-- Up Migration
-- Who issued and who revoked each key, when it was not `npm run keys` (absent: the operator):
-- a key changed over /v1/keys names its caller (docs/decisions/186).
ALTER TABLE api_keys ADD COLUMN created_by jsonb, ADD COLUMN revoked_by jsonb;

-- Down Migration
ALTER TABLE api_keys DROP COLUMN created_by, DROP COLUMN revoked_by;
