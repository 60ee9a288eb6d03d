-- Up Migration
-- Webhook endpoints and their deliveries (issue 23). The signing secret is stored as issued:
-- HMAC needs it (docs/decisions/167); no answer or log carries it after creation.
CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY CONSTRAINT webhook_endpoints_id_format CHECK (id ~ '^we_[0-9a-f]{16}$'),
  url text NOT NULL CONSTRAINT webhook_endpoints_url_length CHECK (char_length(url) BETWEEN 1 AND 2048),
  event_types text[] NOT NULL,
  enabled boolean NOT NULL,
  description text NOT NULL CONSTRAINT webhook_endpoints_description_length CHECK (char_length(description) <= 500),
  health text NOT NULL CONSTRAINT webhook_endpoints_health CHECK (health IN ('healthy', 'failing', 'disabled')),
  health_reason text,
  secret text NOT NULL,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  secret_rotated_at timestamptz,
  -- The last event-log sequence fanned out to this endpoint (docs/decisions/168).
  cursor bigint NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  webhook_id text NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  payload text NOT NULL,
  status text NOT NULL CONSTRAINT webhook_deliveries_status CHECK (status IN ('pending', 'delivered', 'failed')),
  created_at timestamptz NOT NULL,
  next_attempt_at timestamptz,
  max_attempts integer NOT NULL,
  attempts jsonb NOT NULL DEFAULT '[]',
  -- A claim (FOR UPDATE SKIP LOCKED, then this lease): until then no other instance sends it.
  lease_until timestamptz
);
-- One delivery of each event to each endpoint, whichever instance fans it out.
CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (endpoint_id, event_id);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);

-- Down Migration
DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
