import "./zod-without-eval";
import { Order, Orders, type OrderStatus } from "@/lib/orders/schemas";
import { ApiError, type ClientErrorCode } from "@/lib/api/api-error";
import type { ErrorCode } from "@/lib/api/errors";
import { parseNextCursor } from "@/lib/paging/link-header";
import { readApiError } from "./read-api-error";

/** The browser's calls to /v1/store/orders, with the staff key. */
export interface OrdersPage {
  orders: Order[];
  nextCursor?: string;
}

const headers = (apiKey: string, body = false): HeadersInit => ({
  Authorization: `Bearer ${apiKey}`,
  Accept: "application/json",
  ...(body ? { "Content-Type": "application/json" } : {}),
});

async function readOrder(response: Response): Promise<Order> {
  if (!response.ok) throw await readApiError(response);
  return Order.parse(await response.json());
}

export async function placeOrderWithKey(apiKey: string, petId: number, adopter: string): Promise<Order> {
  const body = JSON.stringify({ petId, adopter });
  return readOrder(await fetch("/v1/store/orders", { method: "POST", headers: headers(apiKey, true), body }));
}

export async function moveOrderWithKey(apiKey: string, orderId: number, status: OrderStatus): Promise<Order> {
  const body = JSON.stringify({ status });
  return readOrder(
    await fetch(`/v1/store/orders/${orderId}`, { method: "PATCH", headers: headers(apiKey, true), body }),
  );
}

export async function listOrdersWithKey(
  apiKey: string,
  query: { status?: OrderStatus; petId?: number; limit: number; cursor?: string },
): Promise<OrdersPage> {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.status) params.set("status", query.status);
  if (query.petId) params.set("petId", String(query.petId));
  if (query.cursor) params.set("cursor", query.cursor);
  const response = await fetch(`/v1/store/orders?${params}`, { headers: headers(apiKey), cache: "no-store" });
  if (!response.ok) throw await readApiError(response);
  const orders = Orders.safeParse(await response.json());
  if (!orders.success) {
    throw new ApiError<ErrorCode | ClientErrorCode>(response.status, "unreadable_response", "Unreadable orders");
  }
  return { orders: orders.data, nextCursor: parseNextCursor(response.headers.get("Link")) };
}
