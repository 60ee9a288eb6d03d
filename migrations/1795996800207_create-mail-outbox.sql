-- Up Migration
-- The mail outbox (issue 37, docs/decisions/207): messages waiting to be sent, at least once,
-- shared by every instance. No address and no text: each message is made from the record it
-- is about when it is sent. A lease keeps two instances from sending one message at once.
CREATE TABLE mail_outbox (
  id text PRIMARY KEY,
  kind text NOT NULL,
  about text NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  -- NULL once given up.
  next_attempt_at timestamptz,
  last_error text,
  given_up_at timestamptz,
  lease_until timestamptz
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX mail_outbox_about ON mail_outbox (about);

-- Down Migration
DROP TABLE mail_outbox;
