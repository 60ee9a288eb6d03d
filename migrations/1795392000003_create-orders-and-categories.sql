-- Up Migration
-- Orders (adoptions) and named categories (issue 10). CHECK constraints mirror the zod
-- rules in lib/orders/schemas.ts and lib/categories/schemas.ts, as the pets table does.
CREATE TABLE orders (
  id bigint GENERATED ALWAYS AS IDENTITY (SEQUENCE NAME orders_id_seq) PRIMARY KEY
    CONSTRAINT orders_id_range CHECK (id BETWEEN 1 AND 9007199254740991),
  pet_id bigint NOT NULL REFERENCES pets (id),
  adopter text NOT NULL
    CONSTRAINT orders_adopter_length CHECK (char_length(adopter) BETWEEN 1 AND 100)
    CONSTRAINT orders_adopter_no_control CHECK (adopter !~ '[\u0001-\u001f\u007f-\u009f]'),
  status text NOT NULL
    CONSTRAINT orders_status_value CHECK (status IN ('placed', 'approved', 'delivered', 'cancelled')),
  placed_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A pet has at most one open order: the rule the conditional UPDATE of the pet enforces,
-- kept by the database too, whatever writes the rows.
CREATE UNIQUE INDEX orders_one_open_per_pet ON orders (pet_id) WHERE status IN ('placed', 'approved');
-- Keyset paging newest first, by status and by pet.
CREATE INDEX orders_status_id_desc ON orders (status, id DESC);
CREATE INDEX orders_pet_id_desc ON orders (pet_id, id DESC);

CREATE TABLE categories (
  id bigint PRIMARY KEY
    CONSTRAINT categories_id_range CHECK (id BETWEEN 1 AND 9007199254740991),
  name text NOT NULL
    CONSTRAINT categories_name_length CHECK (char_length(name) BETWEEN 1 AND 100)
    CONSTRAINT categories_name_no_control CHECK (name !~ '[\u0001-\u001f\u007f-\u009f]')
);

-- The gallery's category filter: one category's available pets, newest first, in O(limit).
CREATE INDEX pets_category_status_id_desc ON pets (category_id, status, id DESC);

-- Down Migration
DROP INDEX pets_category_status_id_desc;
DROP TABLE categories;
DROP TABLE orders;
