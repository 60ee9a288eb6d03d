"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { staffPetsOptions } from "@/lib/react-query/staff-queries";
import { parseStaffView, staffViewHref, type StaffView } from "./staff-view";
import { categoriesOptions } from "@/lib/react-query/category-queries";
import { PetActions } from "./pet-actions";
import type { Notice } from "./notice";
import { EditPet } from "./edit-pet";
import { ListPetButton } from "./list-pet-button";
import { NameSearch } from "./name-search";
import { PetPhotosButton } from "./pet-photos-button";
import { PetTable } from "./pet-table";
import { PET_STATUS_LABELS, ViewControls } from "./view-controls";
import { UnreachableNotice } from "./unreachable-notice";
import { useLoadMoreFocus } from "./use-load-more-focus";
import { ActionNotice, LoadFailed, ListFooter } from "./list-parts";

const SKELETON_ROWS = 8;

/**
 * `canOrder`: the caller may place orders (orders:place, which orders:write includes), so
 * each row offers its order actions; `canManageOrders`: orders:write, so they include
 * approving, completing and cancelling; `canEditPhotos`: pets:write, so each row offers its photos.
 */
export function PetList({
  apiKey,
  onUnauthorized,
  canOrder = true,
  canManageOrders = canOrder,
  canEdit = true,
  canEditPhotos = false,
}: {
  apiKey: string;
  onUnauthorized: () => void;
  canOrder?: boolean;
  canManageOrders?: boolean;
  /** The key holds pets:write, so each row offers "Edit" (name, category, profile). */
  canEdit?: boolean;
  canEditPhotos?: boolean;
}) {
  // Never null in the App Router; the type allows null since pages/ exists (docs/decisions/107).
  const view = parseStaffView(useSearchParams() ?? new URLSearchParams());
  const query = useInfiniteQuery(staffPetsOptions(apiKey, view));
  const categories = useQuery(categoriesOptions(apiKey));
  const [notice, setNotice] = useState<Notice | null>(null);
  const names = new Map(categories.data?.map((category) => [category.id, category.name]));
  const categoryName = (id: number) => names.get(id) ?? `Category ${id}`;
  const pets = query.data?.pages.flatMap((page) => page.pets) ?? [];
  const { table, loadMore } = useLoadMoreFocus(pets.length, query);

  useEffect(() => {
    if (isUnauthorized(query.error)) onUnauthorized();
  }, [query.error, onUnauthorized]);

  // push, not replace: each view is a history entry, so Back returns to the previous one.
  function changeView(next: StaffView) {
    // The history API, not router.push: the view is this page's own state, so a change needs
    // no request and cannot turn into a full page load when the server is away.
    window.history.pushState(null, "", staffViewHref(next));
  }

  const filter = `${view.status ? `${view.status} pets` : "pets"}${view.q ? ` named like “${view.q}”` : ""}`;
  const caption = `All ${filter}, newest first`;

  return (
    <section aria-labelledby="pets-heading" className="min-w-0">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <h2 id="pets-heading" className="text-2xl font-bold tracking-tight">
          Pets
        </h2>
        <div className="flex flex-wrap items-end gap-4">
          <NameSearch value={view.q} onSearch={(q) => changeView({ ...view, q })} />
          <ViewControls view={view} labels={PET_STATUS_LABELS} onChange={(next) => changeView({ ...view, ...next })} />
        </div>
      </div>

      <ActionNotice notice={notice} />

      <UnreachableNotice failureReason={query.failureReason} what="pets" />

      {query.isPending ? (
        <div aria-busy="true">
          <p className="sr-only" role="status">
            Loading pets…
          </p>
          <PetTable caption={caption} pets={[]} skeletonRows={SKELETON_ROWS} />
        </div>
      ) : query.isError && !query.data ? (
        <LoadFailed what="pets" error={query.error} onRetry={() => void query.refetch()} />
      ) : pets.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center dark:border-stone-700">
          <p className="text-lg font-semibold">No {filter} yet</p>
          <p className="mt-1 text-stone-700 dark:text-stone-300">
            {view.q
              ? "Search for another name, or clear the search."
              : view.status
                ? canEdit
                  ? "Choose another status, or add a pet with this one."
                  : "Choose another status."
                : canEdit
                  ? "Add the first pet with the form."
                  : "The shelter's animals show here once staff add them."}
          </p>
        </div>
      ) : (
        <>
          <div ref={table}>
            <PetTable
              caption={caption}
              pets={pets}
              skeletonRows={query.isFetchingNextPage ? Math.min(view.limit, SKELETON_ROWS) : 0}
              categoryName={categoryName}
              recordLinks
              actions={
                canOrder || canEdit || canEditPhotos
                  ? (pet) => (
                      <div className="flex flex-wrap items-start gap-2">
                        {canEdit && pet.listed === false ? (
                          <ListPetButton apiKey={apiKey} pet={pet} onNotice={setNotice} />
                        ) : null}
                        {canEdit ? <EditPet apiKey={apiKey} pet={pet} onNotice={setNotice} /> : null}
                        {canOrder ? (
                          <PetActions apiKey={apiKey} pet={pet} onNotice={setNotice} mayManage={canManageOrders} />
                        ) : null}
                        {canEditPhotos ? <PetPhotosButton apiKey={apiKey} pet={pet} /> : null}
                      </div>
                    )
                  : undefined
              }
            />
          </div>
          <ListFooter count={pets.length} one="pet" many="pets" query={query} onLoadMore={loadMore} />
        </>
      )}
    </section>
  );
}
