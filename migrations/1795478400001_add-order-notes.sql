-- Up Migration
-- Staff's note on an order (issue 22, docs/decisions/156): personal data, never logged. NULL is
-- no note. CHECK constraints mirror OrderNote in lib/orders/schemas.ts (line feeds allowed).
ALTER TABLE orders ADD COLUMN note text
  CONSTRAINT orders_note_length CHECK (char_length(note) BETWEEN 1 AND 500)
  CONSTRAINT orders_note_no_control CHECK (note !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f]');

-- Down Migration
ALTER TABLE orders DROP COLUMN note;
