-- Up Migration
-- Staff passkeys (WebAuthn credentials; issue 25, docs/decisions/188). Public keys only: a
-- passkey's private key never leaves its authenticator.
CREATE TABLE passkeys (
  id text PRIMARY KEY CONSTRAINT passkeys_id_format CHECK (id ~ '^pk_[0-9a-f]{16}$'),
  person_id text NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  -- The authenticator's signature counter: only ever moves forward (0 for those that keep none).
  counter bigint NOT NULL CONSTRAINT passkeys_counter_range CHECK (counter BETWEEN 0 AND 4294967295),
  transports text[] NOT NULL,
  device_type text NOT NULL CONSTRAINT passkeys_device_type CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up boolean NOT NULL,
  name text NOT NULL CONSTRAINT passkeys_name_length CHECK (char_length(name) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_by_person ON passkeys (person_id, created_at);

-- Ceremony challenges already answered, until they expire: any instance may get the answer.
CREATE TABLE passkey_challenges (
  hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);

-- Down Migration
DROP TABLE passkey_challenges;
DROP TABLE passkeys;
