-- Up Migration
-- Request counters shared by every instance (lib/rate-limit/postgres-rate-limiter.ts): one
-- row per bucket ("key:<id>" or "auth:<address>"), restarted when its window moves on.
CREATE TABLE rate_limits (
  bucket text PRIMARY KEY,
  window_start bigint NOT NULL,
  count integer NOT NULL
);

-- Down Migration
DROP TABLE rate_limits;
