import * as z from "zod";

/** Longest cursor accepted; every cursor this service issues is far shorter. */
export const CURSOR_MAX_LENGTH = 64;

/**
 * A paging cursor as it arrives in a URL (`?cursor=` on /v1 and /gallery/pets, `?after=` on
 * the gallery page): only its syntax is checked here; lib/paging/cursor.ts decodes it.
 */
export const Cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, { error: "must be a cursor from a previous response's Link header" })
  .max(CURSOR_MAX_LENGTH, { error: "must be a cursor from a previous response's Link header" })
  .meta({
    description:
      'Opaque paging cursor. Take it from the `Link: <…>; rel="next"` header of the previous page; never build it by hand. It pages only the listing that issued it (the same `status`, or none); any other cursor is refused with 400 `invalid_query`.',
  });
