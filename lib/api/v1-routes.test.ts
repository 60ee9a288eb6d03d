import { describe, expect, it } from "vitest";
import { matchV1, methodsServedAt, V1_ROUTES } from "./v1-routes";

const COLLECTION = "GET, HEAD, POST, OPTIONS";
const ITEM = "GET, HEAD, PATCH, OPTIONS";
const ACTION = "POST, OPTIONS";

describe("which route a /v1 path is, and what its methods are", () => {
  it.each<[path: string, template: string | undefined, allow?: string]>([
    ["/v1/pets", "/pets", COLLECTION],
    ["/v1/pets/", "/pets", COLLECTION],
    ["/v1/pets/1", "/pets/{petId}", ITEM],
    ["/v1/pets/abc/", "/pets/{petId}", ITEM],
    ["/v1/pets/1/photos", "/pets/{petId}/photos", "GET, HEAD, POST, PATCH, OPTIONS"],
    ["/v1/pets/1/photos/7", "/pets/{petId}/photos/{photoId}", "PATCH, DELETE, OPTIONS"],
    ["/v1/openapi.json", "/openapi.json", "GET, HEAD, OPTIONS"],
    ["/v1/openapi.json/", "/openapi.json", "GET, HEAD, OPTIONS"],
    ["/v1/me", "/me", "GET, HEAD, OPTIONS"],
    ["/v1/store/orders", "/store/orders", COLLECTION],
    ["/v1/store/orders/7", "/store/orders/{orderId}", ITEM],
    ["/v1/categories", "/categories", COLLECTION],
    ["/v1/categories/3", "/categories/{categoryId}", "PATCH, OPTIONS"],
    // A literal segment wins: "species" is no category id.
    ["/v1/categories/species", "/categories/species", "GET, HEAD, OPTIONS"],
    ["/v1/categories/3/species", "/categories/{categoryId}/species", "PUT, OPTIONS"],
    ["/v1/pets/1/health-summary", "/pets/{petId}/health-summary", "GET, HEAD, OPTIONS"],
    ["/v1/events", "/events", "GET, HEAD, OPTIONS"],
    ["/v1/audit", "/audit", "GET, HEAD, OPTIONS"],
    ["/v1/keys", "/keys", COLLECTION],
    ["/v1/keys/4f2a9c0d1e3b", "/keys/{keyId}", "DELETE, OPTIONS"],
    ["/v1/webhooks/whe_1", "/webhooks/{webhookId}", "GET, HEAD, PATCH, DELETE, OPTIONS"],
    ["/v1/webhooks/whe_1/deliveries", "/webhooks/{webhookId}/deliveries", "GET, HEAD, OPTIONS"],
    [
      "/v1/webhooks/whe_1/deliveries/del_2/redeliver",
      "/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver",
      ACTION,
    ],
    ["/v1/webhooks/whe_1/rotate-secret", "/webhooks/{webhookId}/rotate-secret", ACTION],
    ["/v1/people/per_1", "/people/{personId}", ITEM],
    ["/v1/people/per_1/invitation", "/people/{personId}/invitation", ACTION],
    ["/v1/applications", "/applications", COLLECTION],
    ["/v1/applications/12", "/applications/{applicationId}", ITEM],
    ["/v1/applications/12/notes", "/applications/{applicationId}/notes", ACTION],
    // Alone, it is an application id, as it was to Next's router (a 400 from the route).
    ["/v1/applications/personal-data", "/applications/{applicationId}", ITEM],
    ["/v1/applications/personal-data/export", "/applications/personal-data/export", ACTION],
    ["/v1/applications/personal-data/erase", "/applications/personal-data/erase", ACTION],
    ["/v1/applications/personal-data/notes", "/applications/{applicationId}/notes", ACTION],
    ["/v1/applications/personal-data/erase/x", undefined],
    ["/v1/applications/12/export", undefined],
    ["/v1/store/orders/7/x", undefined],
    ["/v1/store", undefined],
    ["/v1/keys//", undefined],
    ["/v1/pets//photos", undefined],
    ["/v1/pets//", undefined],
    ["/v1/pets/1/2", undefined],
    ["/v1/PETS", undefined],
    ["/v1/openapi.json/x", undefined],
    ["/v1", undefined],
    ["/v1/", undefined],
    ["/v2/pets", undefined],
    ["/", undefined],
  ])("%s", (path, template, allow) => {
    expect(matchV1(path)?.route.template).toBe(template);
    expect(methodsServedAt(path)?.join(", ")).toBe(allow);
  });

  it("hands over the path's parameters decoded", () => {
    expect(matchV1("/v1/webhooks/whe%5F1/deliveries/del_2/redeliver")?.params).toEqual({
      webhookId: "whe_1",
      deliveryId: "del_2",
    });
    expect(matchV1("/v1/pets")?.params).toEqual({});
  });

  it("compares literal segments with the path as sent, as Next's router does", () => {
    expect(matchV1("/v1/p%65ts")).toBeUndefined();
  });
});

describe("what answers each method", () => {
  const pets = V1_ROUTES.find((route) => route.template === "/pets")!;
  const request = (method: string) =>
    ({ method, url: "http://localhost/v1/pets", headers: new Headers() }) as unknown as Request;
  const answer = async (method: string) => {
    const response = await pets.handlerFor(method)(request(method), { params: Promise.resolve({}) });
    const text = await response.text();
    return { status: response.status, allow: response.headers.get("allow"), body: text ? JSON.parse(text) : undefined };
  };

  it("HEAD runs GET's handler", () => {
    expect(pets.handlerFor("HEAD")).toBe(pets.handlerFor("GET"));
  });

  it("OPTIONS answers 204 naming the methods served, without a key", async () => {
    expect(await answer("OPTIONS")).toEqual({ status: 204, allow: COLLECTION, body: undefined });
  });

  it.each(["PUT", "PATCH", "DELETE", "TRACE", "PROPFIND"])("%s is the JSON 405 with Allow", async (method) => {
    const { status, allow, body } = await answer(method);
    expect({ status, allow, code: body.code }).toEqual({ status: 405, allow: COLLECTION, code: "method_not_allowed" });
    expect(body.message).toContain(method);
  });

  it("no two operations share a path and a method, and every route serves OPTIONS", () => {
    for (const route of V1_ROUTES) expect(route.methods.at(-1)).toBe("OPTIONS");
    expect(new Set(V1_ROUTES.map((route) => route.template)).size).toBe(V1_ROUTES.length);
  });
});
