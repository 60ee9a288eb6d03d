import "server-only";
import { cookies } from "next/headers";
import { authenticate } from "@/lib/api/authenticate";
import { meOf } from "@/lib/api/me-api";
import { parseListParams } from "@/lib/api/parse-search-params";
import { Categories, type Category } from "@/lib/categories/schemas";
import { grants } from "@/lib/keys/grants";
import type { Me } from "@/lib/keys/me";
import { getLogger } from "@/lib/ops/logger";
import { siteOrigin } from "@/lib/origin/site-origin";
import { bearerOf, signedInSession } from "@/lib/people/sessions";
import { toListQuery } from "@/lib/pets/list-query";
import { Pets } from "@/lib/pets/schemas";
import { getPhotoStore } from "@/lib/photos";
import { withPhotos } from "@/lib/photos/photo-json";
import { getPetStore } from "@/lib/composition";
import type { StaffPetsPage } from "@/lib/api-client/staff-api";
import type { StaffView } from "@/components/staff/staff-view";

/** What the console's first view shows a signed-in person: who they are, and the view's first page. */
export interface StaffFirstView {
  me: Me;
  /** Absent when the person's role may not read pets. */
  pets?: StaffPetsPage;
  categories?: Category[];
}

/**
 * The staff console's first view, read on the server from this browser's session cookie
 * (docs/decisions/219), so a signed-in person sees the list before the console's script has
 * arrived. It is what GET /v1/me, /v1/pets and /v1/categories answer the session's bearer:
 * the same caller (authenticate), scopes and JSON shapes, read from the stores directly. The
 * bearer itself never leaves the server here. Undefined when nobody is signed in, or when
 * anything fails: the browser then loads the console as it always did.
 */
export async function staffFirstView(view: StaffView): Promise<StaffFirstView | undefined> {
  const cookie = (await cookies()).toString();
  if (!cookie) return undefined;
  try {
    const { origin } = siteOrigin();
    const signedIn = await signedInSession(new Request(origin, { headers: { cookie } }));
    if (!signedIn) return undefined;
    const authorization = `Bearer ${await bearerOf(signedIn.session)}`;
    const caller = await authenticate(new Request(origin, { headers: { authorization } }));
    const me = meOf(caller);
    if (!grants(caller.scopes, "pets:read")) return { me };

    const query = new URLSearchParams({ limit: String(view.limit) });
    if (view.status) query.set("status", view.status);
    if (view.q) query.set("q", view.q);
    const store = await getPetStore();
    const page = await store.list(toListQuery(parseListParams(new URL(`/v1/pets?${query}`, origin))));
    const photos = await (await getPhotoStore()).photosOf(page.pets.map((pet) => pet.id));
    // Through JSON and the client's own schemas: the cache holds exactly what /v1 would have sent.
    const asSent = <T>(value: unknown): T => JSON.parse(JSON.stringify(value)) as T;
    return {
      me,
      pets: { pets: Pets.parse(asSent(withPhotos(page.pets, photos))), nextCursor: page.nextCursor ?? undefined },
      categories: Categories.parse(asSent(await store.listCategories())),
    };
  } catch (error) {
    // The first view is a head start, never a failure: the console loads the list itself.
    getLogger().warn({ err: error instanceof Error ? error.name : "unknown" }, "staff first view skipped");
    return undefined;
  }
}
