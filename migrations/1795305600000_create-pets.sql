-- Up Migration
-- The pets table. Its CHECK constraints mirror the zod rules in lib/pets/schemas.ts, so a
-- row written by any instance, script or hand-typed INSERT obeys what the API promises.
CREATE TABLE pets (
  -- Ids are JSON numbers for clients: never above 2^53-1, where doubles lose integers.
  id bigint GENERATED ALWAYS AS IDENTITY (SEQUENCE NAME pets_id_seq) PRIMARY KEY
    CONSTRAINT pets_id_range CHECK (id BETWEEN 1 AND 9007199254740991),
  name text NOT NULL
    -- char_length counts code points, as the API does.
    CONSTRAINT pets_name_length CHECK (char_length(name) BETWEEN 1 AND 100)
    -- C0 and C1 control characters (NUL cannot be stored in text at all).
    CONSTRAINT pets_name_no_control CHECK (name !~ '[\u0001-\u001f\u007f-\u009f]')
    -- Trimmed: no leading or trailing whitespace as JavaScript's String.prototype.trim sees it.
    CONSTRAINT pets_name_trimmed CHECK (
      name !~ '^[ \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
      AND name !~ '[ \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
    ),
  category_id bigint NOT NULL
    CONSTRAINT pets_category_id_range CHECK (category_id BETWEEN 1 AND 9007199254740991),
  status text NOT NULL
    CONSTRAINT pets_status_value CHECK (status IN ('available', 'pending', 'sold'))
);

-- Keyset paging newest first: the primary key serves the unfiltered list (id < cursor,
-- descending); this index serves the list filtered by status in O(limit) at any size.
CREATE INDEX pets_status_id_desc ON pets (status, id DESC);

-- Down Migration
DROP TABLE pets;
