-- Up Migration
-- Staff accounts and their sign-in sessions (issue 25, docs/decisions/189). E-mails are stored
-- lower-cased (lib/people/person.ts), so a plain unique index is a case-insensitive one.
-- Passwords and session tokens only as hashes.
CREATE TABLE people (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'staff', 'volunteer')),
  active boolean NOT NULL,
  password_hash text,
  invitation_hash text UNIQUE,
  invitation_expires_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  deactivated_at timestamptz
);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  person_id text NOT NULL REFERENCES people (id),
  token_hash text NOT NULL UNIQUE,
  method text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  user_agent text NOT NULL,
  ended_at timestamptz
);
CREATE INDEX sessions_by_person ON sessions (person_id, created_at DESC);

-- The key that signs the console's bearer tokens: one row, made by the first instance that needs it.
CREATE TABLE auth_signing_key (
  id smallint PRIMARY KEY CHECK (id = 1),
  key bytea NOT NULL
);

-- Instances keep copies of people and sessions for the bearer check (docs/decisions/123).
CREATE TRIGGER people_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON people
  FOR EACH STATEMENT EXECUTE FUNCTION petstore_notify_change();
CREATE TRIGGER sessions_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION petstore_notify_change();

-- Down Migration
DROP TABLE auth_signing_key;
DROP TABLE sessions;
DROP TABLE people;
