import "./zod-without-eval";
import { Order, Orders, type OrderStatus } from "@/lib/orders/schemas";
import { parseNextCursor } from "@/lib/paging/link-header";
import { unreadableAnswer } from "./read-api-error";
import { succeeded, v1Client } from "./v1-client";

/** The browser's calls to /v1/store/orders, with the staff key. */
export interface OrdersPage {
  orders: Order[];
  nextCursor?: string;
}

export async function placeOrderWithKey(apiKey: string, petId: number, adopter: string): Promise<Order> {
  const { data } = await succeeded(v1Client(apiKey).POST("/store/orders", { body: { petId, adopter } }));
  return Order.parse(data);
}

export async function moveOrderWithKey(apiKey: string, orderId: number, status: OrderStatus): Promise<Order> {
  const { data } = await succeeded(
    v1Client(apiKey).PATCH("/store/orders/{orderId}", { params: { path: { orderId } }, body: { status } }),
  );
  return Order.parse(data);
}

export async function getOrderWithKey(apiKey: string, orderId: number): Promise<Order> {
  const { data } = await succeeded(
    v1Client(apiKey).GET("/store/orders/{orderId}", { params: { path: { orderId } }, cache: "no-store" }),
  );
  return Order.parse(data);
}

export async function listOrdersWithKey(
  apiKey: string,
  query: { status?: OrderStatus; petId?: number; limit: number; cursor?: string },
): Promise<OrdersPage> {
  const { data, response } = await succeeded(
    v1Client(apiKey).GET("/store/orders", { params: { query }, cache: "no-store" }),
  );
  const orders = Orders.safeParse(data);
  if (!orders.success) throw unreadableAnswer(response.status, "Unreadable orders");
  return { orders: orders.data, nextCursor: parseNextCursor(response.headers.get("Link")) };
}
