-- Up Migration
-- `GET /v1/audit` reads the event log newest first, filtered by who made a change or by what
-- it changed, and finds each change's previous state: the latest event of the same resource
-- below it (issue 25, docs/decisions/187). These indexes answer each of those by walking one
-- index backwards from a sequence, so a page costs about the same however long the log is.
-- The expressions are exactly lib/store/postgres/audit-queries.ts's (json's -> and ->> and
-- split_part are immutable, so they may be indexed). Filters by type and by time use the
-- indexes the events table already has (events_type_sequence, events_created_at).
-- An actor without an id (operator, system) is indexed under '' (an equality keeps the order
-- by sequence; IS NULL does not).
CREATE INDEX events_audit_actor ON events ((body->'actor'->>'type'), COALESCE(body->'actor'->>'id', ''), sequence);
CREATE INDEX events_audit_resource ON events (split_part(type, '.', 1), (body->'data'->'object'->>'id'), sequence);

-- Down Migration
DROP INDEX events_audit_resource;
DROP INDEX events_audit_actor;
