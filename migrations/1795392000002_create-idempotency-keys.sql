-- Up Migration
-- Idempotency-Key records (lib/idempotency/): one per (API key, Idempotency-Key), with the
-- request's fingerprint and, once it succeeded, its answer, replayed to retries.
CREATE TABLE idempotency_keys (
  key text PRIMARY KEY,
  fingerprint text NOT NULL,
  started_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  status integer,
  body text,
  location text
);
CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at);

-- Down Migration
DROP TABLE idempotency_keys;
