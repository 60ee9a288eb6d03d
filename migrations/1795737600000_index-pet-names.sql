-- Up Migration
-- `GET /v1/pets?q=` finds pets whose lower-cased name holds the search (category-page.ts:
-- `lower(name) LIKE '%…%'`). A trigram index answers that without reading every pet, so a
-- search costs about the same at 1k pets as at 100k (issue 24, docs/decisions/177).
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database's owner may create it. It goes
-- in `public`, once per database, so every schema's index (tests use one schema each) finds
-- the same operator class, and dropping one schema cannot take it from the others.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX pets_name_trigrams ON pets USING gin (lower(name) public.gin_trgm_ops);

-- Down Migration
-- The extension stays: other schemas of the database may index with it.
DROP INDEX pets_name_trigrams;
