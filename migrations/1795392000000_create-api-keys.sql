-- Up Migration
-- Issued API keys (npm run keys). Only the SHA-256 of a key is kept, never the key.
CREATE TABLE api_keys (
  id text PRIMARY KEY CONSTRAINT api_keys_id_format CHECK (id ~ '^[0-9a-f]{12}$'),
  name text NOT NULL CONSTRAINT api_keys_name_length CHECK (char_length(name) BETWEEN 1 AND 100),
  scopes text[] NOT NULL,
  hash text NOT NULL UNIQUE CONSTRAINT api_keys_hash_format CHECK (hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  revoked_at timestamptz
);

-- Down Migration
DROP TABLE api_keys;
