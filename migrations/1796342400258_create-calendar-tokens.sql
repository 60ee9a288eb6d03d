-- Up Migration
-- The calendar feed's tokens (issue 41, docs/decisions/258): one a holder (a person, or an API
-- key by its public id), kept only as the SHA-256 of the token. Revoking deletes the row.
CREATE TABLE calendar_tokens (
  holder_type text NOT NULL CHECK (holder_type IN ('person', 'key')),
  holder_id text NOT NULL,
  digest text NOT NULL UNIQUE,
  issued_at timestamptz NOT NULL,
  PRIMARY KEY (holder_type, holder_id)
);

-- Down Migration
DROP TABLE calendar_tokens;
