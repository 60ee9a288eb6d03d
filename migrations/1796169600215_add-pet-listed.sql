-- Up Migration
-- Whether adopters see the animal (issue 40, docs/decisions/215): staff prepare a pet unlisted,
-- then list it. Every pet before this was public, so the default is true. Listings that leave
-- unlisted pets out filter on it (lib/store/postgres/category-page.ts); few pets are unlisted
-- at a time, so a partial index finds them when staff ask for them alone.
ALTER TABLE pets ADD COLUMN listed boolean NOT NULL DEFAULT true;
CREATE INDEX pets_unlisted ON pets (id DESC) WHERE NOT listed;

-- Down Migration
DROP INDEX pets_unlisted;
ALTER TABLE pets DROP COLUMN listed;
