-- Up Migration
-- The durable event log (issue 23, docs/decisions/160-162). Each change writes its events in its
-- own transaction; `sequence` is taken under a transaction-level advisory lock held to COMMIT,
-- so sequences become visible in commit order and a reader never skips one
-- (docs/decisions/162). `body` is the event's JSON as written (json keeps the text; the feed
-- sends it unchanged). Personal data: what the resource holds (an order's adopter and note).
CREATE TABLE events (
  sequence bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text NOT NULL CONSTRAINT events_id_unique UNIQUE,
  type text NOT NULL,
  created_at timestamptz NOT NULL,
  body json NOT NULL
);

CREATE INDEX events_type_sequence ON events (type, sequence);
CREATE INDEX events_created_at ON events (created_at);

-- How far retention has pruned, so a reader behind it gets 410 cursor_expired, not a gap.
CREATE TABLE event_log_state (
  only_row boolean PRIMARY KEY DEFAULT true CONSTRAINT event_log_state_one_row CHECK (only_row),
  pruned_through bigint NOT NULL DEFAULT 0
);
INSERT INTO event_log_state DEFAULT VALUES;

-- Down Migration
DROP TABLE event_log_state;
DROP TABLE events;
