"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { staffOrdersOptions } from "@/lib/react-query/order-queries";
import { OrderActions } from "./order-actions";
import { ORDER_LIST_WORDS, ORDER_STATUS_WORDS } from "./order-words";
import { OrderNoteField, OrderPetName, OrderTimes } from "./order-details";
import { ordersViewHref, parseOrdersView, type OrdersView } from "./orders-view";
import type { Notice } from "./notice";
import { ViewControls } from "./view-controls";
import { UnreachableNotice } from "./unreachable-notice";
import { useLoadMoreFocus } from "./use-load-more-focus";
import { ActionNotice, LoadFailed, ListFooter } from "./list-parts";

// Below sm each order is a stacked card (one line per cell), so the actions are never cut off.
const CELL = "block px-4 py-1 sm:table-cell sm:px-3 sm:py-2 sm:first:pl-4 sm:last:pr-4";

/** The orders view: by status, page size in the URL, "Load more", and each order's actions when `canWrite`. */
export function OrderList({
  apiKey,
  onUnauthorized,
  canWrite,
}: {
  apiKey: string;
  onUnauthorized: () => void;
  canWrite: boolean;
}) {
  // Never null in the App Router; the type allows null since pages/ exists (docs/decisions/107).
  const view = parseOrdersView(useSearchParams() ?? new URLSearchParams());
  const query = useInfiniteQuery(staffOrdersOptions(apiKey, view));
  const [notice, setNotice] = useState<Notice | null>(null);
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];
  const { table, loadMore } = useLoadMoreFocus(orders.length, query);

  useEffect(() => {
    if (isUnauthorized(query.error)) onUnauthorized();
  }, [query.error, onUnauthorized]);

  function changeView(next: OrdersView) {
    // The history API, not router.push: the view is this page's own state, so a change needs
    // no request and cannot turn into a full page load when the server is away.
    window.history.pushState(null, "", ordersViewHref(next));
  }

  const filter = view.status ? ORDER_LIST_WORDS[view.status] : "orders";

  return (
    <section aria-labelledby="orders-heading" className="min-w-0">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <h2 id="orders-heading" className="text-2xl font-bold tracking-tight">
          Orders
        </h2>
        <ViewControls view={view} labels={ORDER_STATUS_WORDS} onChange={changeView} />
      </div>

      <ActionNotice notice={notice} />

      <UnreachableNotice failureReason={query.failureReason} what="orders" />

      {query.isPending ? (
        <p role="status" aria-busy="true">
          Loading orders…
        </p>
      ) : query.isError && !query.data ? (
        <LoadFailed what="orders" error={query.error} onRetry={() => void query.refetch()} />
      ) : orders.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center dark:border-stone-700">
          <p className="text-lg font-semibold">No {filter} yet</p>
        </div>
      ) : (
        <>
          <div
            ref={table}
            className="overflow-x-auto rounded-2xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
          >
            <table className="block w-full text-left text-sm sm:table sm:text-base">
              <caption className="sr-only">All {filter}, newest first</caption>
              <thead className="sr-only bg-stone-100 text-stone-800 sm:not-sr-only sm:table-header-group dark:bg-stone-800 dark:text-stone-200">
                <tr className="h-11">
                  <th scope="col" className={`${CELL} font-semibold`}>
                    Order
                  </th>
                  <th scope="col" className={`${CELL} font-semibold`}>
                    Adopter
                  </th>
                  <th scope="col" className={`${CELL} font-semibold`}>
                    Status
                  </th>
                  {canWrite ? (
                    <th scope="col" className={`${CELL} font-semibold`}>
                      Actions
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="block sm:table-row-group">
                {orders.map((order) => (
                  <tr
                    key={order.id}
                    className="block border-t border-stone-200 py-2 first:border-t-0 sm:table-row sm:py-0 sm:first:border-t dark:border-stone-800"
                  >
                    {/* Focusable by script only: "Load more" moves focus to the first new order. */}
                    <th scope="row" tabIndex={-1} className={`${CELL} font-medium tabular-nums`}>
                      #{order.id}
                      <OrderPetName apiKey={apiKey} petId={order.petId} />
                    </th>
                    <td className={`${CELL} sm:max-w-0`}>
                      <span className="block wrap-anywhere">
                        <span className="font-semibold sm:hidden">Adopter: </span>
                        {order.adopter}
                      </span>
                      <OrderTimes order={order} />
                      <OrderNoteField apiKey={apiKey} order={order} canWrite={canWrite} onNotice={setNotice} />
                    </td>
                    <td className={CELL}>
                      <span className="font-semibold sm:hidden">Status: </span>
                      {ORDER_STATUS_WORDS[order.status]}
                    </td>
                    {canWrite ? (
                      <td className={`${CELL} pt-2 sm:pt-2`}>
                        <OrderActions apiKey={apiKey} order={order} onNotice={setNotice} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListFooter count={orders.length} one="order" many="orders" query={query} onLoadMore={loadMore} />
        </>
      )}
    </section>
  );
}
