import * as z from "zod";
import { Cursor } from "@/lib/paging/cursor-param";
import { Pet } from "@/lib/pets/schemas";

/** How many animals the adopters' gallery shows per page. */
export const GALLERY_PAGE_SIZE = 12;

const categoryRule = "must be a category id such as 3";

/** `GET /gallery/pets` query: an optional cursor and category; anything else is a mistake. */
export const GalleryQuery = z.strictObject({
  cursor: Cursor.optional(),
  category: z
    .codec(
      z.string().regex(/^[1-9][0-9]{0,15}$/, { error: categoryRule }),
      z.int().max(Number.MAX_SAFE_INTEGER, { error: categoryRule }),
      { decode: (text) => Number(text), encode: (id) => String(id) },
    )
    .optional(),
});

/** One page of the public gallery. `nextCursor` is null on the last page. */
export const GalleryPage = z.object({
  pets: z.array(Pet),
  nextCursor: Cursor.nullable(),
});
export type GalleryPage = z.infer<typeof GalleryPage>;
