import { NAME_MAX_LENGTH, PET_STATUSES, type PetStatus } from "@/lib/pets/schemas";

/** Page sizes the staff list offers; the API allows 1 to 100. */
export const PAGE_SIZES = [20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** What the staff list shows; it lives in the URL so a view can be shared and Back restores it. */
export interface StaffView {
  status?: PetStatus;
  limit: PageSize;
  /** Part of a name to search for (`?q=`, listPets' own parameter). */
  q?: string;
}

type Params = { get(name: string): string | null };

/** Reads `?status=…&limit=…`; unknown values fall back to "all" and 20 rather than failing. */
export function parseStaffView(params: Params): StaffView {
  const status = params.get("status");
  // Compared as text: Number() would also read "1e2" or " 50" as a page size.
  const limit = PAGE_SIZES.find((size) => String(size) === params.get("limit"));
  const q = params.get("q")?.trim().slice(0, NAME_MAX_LENGTH) || undefined;
  return {
    status: (PET_STATUSES as readonly string[]).includes(status ?? "") ? (status as PetStatus) : undefined,
    limit: limit ?? PAGE_SIZES[0],
    ...(q && !/\p{Cc}/u.test(q) ? { q } : {}),
  };
}

/** The staff URL for a view; defaults are left out so the plain URL is the default view. */
export function staffViewHref(view: StaffView): string {
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.status) params.set("status", view.status);
  if (view.limit !== PAGE_SIZES[0]) params.set("limit", String(view.limit));
  const query = params.toString();
  return query ? `/staff?${query}` : "/staff";
}
