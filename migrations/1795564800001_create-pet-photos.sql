-- Up Migration
-- Pet photos (issue 24, docs/decisions/175): each stored copy once per upload hash, so every
-- instance serves every photo; each animal's photos in order, the primary first.
CREATE TABLE photo_files (
  hash text NOT NULL CONSTRAINT photo_files_hash CHECK (hash ~ '^[0-9a-f]{32}$'),
  width integer NOT NULL CONSTRAINT photo_files_width CHECK (width BETWEEN 1 AND 1600),
  ext text NOT NULL CONSTRAINT photo_files_ext CHECK (ext IN ('avif', 'webp', 'jpg')),
  bytes bytea NOT NULL,
  PRIMARY KEY (hash, width, ext)
);

CREATE TABLE pet_photos (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pet_id bigint NOT NULL REFERENCES pets (id),
  position integer NOT NULL,
  hash text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  widths integer[] NOT NULL,
  alt text NOT NULL DEFAULT ''
    CONSTRAINT pet_photos_alt_length CHECK (char_length(alt) <= 300)
);
CREATE INDEX pet_photos_pet ON pet_photos (pet_id, position);
CREATE INDEX pet_photos_hash ON pet_photos (hash);

-- Down Migration
DROP TABLE pet_photos;
DROP TABLE photo_files;
