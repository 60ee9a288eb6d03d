import type { OrderStatus } from "@/lib/orders/schemas";
import type { PetStatus } from "@/lib/pets/schemas";

/**
 * The one query-key scheme for pets. Everything starts with "pets", so a write can
 * invalidate every list at once; the gallery and the staff lists are separate branches
 * because they are fetched from different places with different rights.
 */
export const petKeys = {
  all: ["pets"] as const,
  gallery: () => [...petKeys.all, "gallery"] as const,
  galleryFrom: (after: string | undefined) => [...petKeys.gallery(), { after: after ?? null }] as const,
  staff: () => [...petKeys.all, "staff"] as const,
  /** The signed-in key's name and scopes: under staff, so sign-out removes it with the lists. */
  staffMe: () => [...petKeys.staff(), "me"] as const,
  /** Every staff list of pets (and only lists: an optimistic update rewrites their pages). */
  staffLists: () => [...petKeys.staff(), "list"] as const,
  staffList: (view: { status?: PetStatus; limit: number; q?: string }) =>
    [...petKeys.staffLists(), { status: view.status ?? "all", limit: view.limit, q: view.q ?? "" }] as const,
  /** One animal's photos, as the staff console manages them. */
  staffPhotos: (petId: number) => [...petKeys.staff(), "photos", petId] as const,
};

/** Orders: every list and each pet's open order, invalidated together after any order change. */
export const orderKeys = {
  all: ["orders"] as const,
  /** Every orders list (and only lists: an optimistic update rewrites their pages). */
  lists: () => [...orderKeys.all, "list"] as const,
  list: (view: { status?: OrderStatus; limit: number }) =>
    [...orderKeys.lists(), { status: view.status ?? "all", limit: view.limit }] as const,
  openFor: (petId: number) => [...orderKeys.all, "open", petId] as const,
};
