import { ORDER_STATUSES, type OrderStatus } from "@/lib/orders/schemas";
import { PAGE_SIZES, type PageSize } from "./staff-view";

/** What the orders view shows; in the URL like the pets list, so a view can be shared and Back restores it. */
export interface OrdersView {
  status?: OrderStatus;
  limit: PageSize;
}

export const ORDERS_PATH = "/staff/orders";

type Params = { get(name: string): string | null };

/** Reads `?status=…&limit=…`; unknown values fall back to "all" and 20 rather than failing. */
export function parseOrdersView(params: Params): OrdersView {
  const status = params.get("status");
  const limit = PAGE_SIZES.find((size) => String(size) === params.get("limit"));
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? "") ? (status as OrderStatus) : undefined,
    limit: limit ?? PAGE_SIZES[0],
  };
}

/** The orders URL for a view; defaults are left out so the plain URL is the default view. */
export function ordersViewHref(view: OrdersView): string {
  const params = new URLSearchParams();
  if (view.status) params.set("status", view.status);
  if (view.limit !== PAGE_SIZES[0]) params.set("limit", String(view.limit));
  const query = params.toString();
  return query ? `${ORDERS_PATH}?${query}` : ORDERS_PATH;
}
