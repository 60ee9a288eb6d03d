import * as z from "zod";
import { Cursor } from "@/lib/paging/cursor-param";
import { Pet } from "@/lib/pets/schemas";

/** How many animals the adopters' gallery shows per page. */
export const GALLERY_PAGE_SIZE = 12;

/** `GET /gallery/pets` query: only an optional cursor; anything else is a mistake. */
export const GalleryQuery = z.strictObject({ cursor: Cursor.optional() });

/** One page of the public gallery. `nextCursor` is null on the last page. */
export const GalleryPage = z.object({
  pets: z.array(Pet),
  nextCursor: Cursor.nullable(),
});
export type GalleryPage = z.infer<typeof GalleryPage>;
