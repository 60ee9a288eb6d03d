/** What is measured: the ceiling, Next's floor and the /v1 routes, each with and without gzip. */
import { TARGETS } from "./options.mjs";

export const routes = [
  { name: "bare node:http (ceiling)", server: "ceiling", method: "GET", path: "/pets", ceiling: true },
  { name: "GET /healthz (Next's floor)", server: "app", method: "GET", path: "/healthz", floor: true },
  { name: "GET /v1/pets?limit=20", server: "app", method: "GET", path: "/v1/pets?limit=20", target: TARGETS.GET },
  { name: "GET /v1/pets?status=sold&limit=20", server: "app", method: "GET", path: "/v1/pets?status=sold&limit=20" },
  { name: "POST /v1/pets", server: "app", method: "POST", path: "/v1/pets", expect: 201, target: TARGETS.POST },
  // Issue 10: the orders listing, and placing an order then cancelling it (which makes its
  // pet available for the next place); both are durable writes, judged as POST is.
  {
    name: "GET /v1/store/orders?limit=20",
    server: "app",
    method: "GET",
    path: "/v1/store/orders?limit=20",
    target: TARGETS.GET,
  },
  {
    name: "POST /v1/store/orders + PATCH",
    server: "app",
    method: "POST",
    path: "/v1/store/orders",
    order: true,
    target: TARGETS.POST,
  },
];

export const encodings = [
  { name: "identity", headers: {} },
  { name: "gzip", headers: { "accept-encoding": "gzip" } },
];
