import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { listOrdersWithKey, moveOrderWithKey } from "./orders-api";
import { createPetWithKey, getMeWithKey, listPetsWithKey } from "./staff-api";
import { isApiKeyAccepted } from "./verify-api-key";

const KEY = "staff-key-0123456789abcdef";
const pet = { id: 7, name: "Rex", categoryId: 1, status: "available" };
const NOW = "2026-11-22T06:00:00.000Z";

// The browser resolves "/v1/…" against the page; Node's Request needs an origin.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === "string" ? new URL(input, "http://console.test") : input, init);
  }
}

let sent: Request[];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  vi.stubGlobal("Request", PageRequest);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      sent.push(request);
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the staff console's typed /v1 client", () => {
  it("reads a page of pets, unlisted ones included, with the bearer key, uncached, and takes the next cursor from Link", async () => {
    answer = () => Response.json([pet], { headers: { Link: '</v1/pets?limit=1&cursor=NEXT>; rel="next"' } });
    const page = await listPetsWithKey(KEY, { status: "available", limit: 1, cursor: undefined });
    expect(page).toEqual({ pets: [pet], nextCursor: "NEXT" });
    const [request] = sent;
    // Staff see the animals they are still preparing too (docs/decisions/215).
    expect(request?.url).toBe("http://console.test/v1/pets?status=available&limit=1&listed=all");
    expect(request?.headers.get("Authorization")).toBe(`Bearer ${KEY}`);
    expect(request?.headers.get("Accept")).toBe("application/json");
    expect(request?.cache).toBe("no-store");
  });

  it("sends a new pet as JSON and returns what the API made of it", async () => {
    answer = () => Response.json(pet, { status: 201 });
    expect(await createPetWithKey(KEY, { name: "Rex", categoryId: 1 })).toEqual(pet);
    const [request] = sent;
    expect([request?.method, request?.headers.get("Content-Type")]).toEqual(["POST", "application/json"]);
    expect(await request?.json()).toEqual({ name: "Rex", categoryId: 1 });
  });

  it("moves an order through its own path", async () => {
    const order = { id: 3, petId: 7, adopter: "Ada", status: "approved", placedAt: NOW, updatedAt: NOW };
    answer = () => Response.json(order);
    expect(await moveOrderWithKey(KEY, 3, "approved")).toEqual(order);
    expect([sent[0]?.method, sent[0]?.url]).toEqual(["PATCH", "http://console.test/v1/store/orders/3"]);
    expect(await sent[0]?.json()).toEqual({ status: "approved" });
  });

  it("throws the API's Error, details and all, for the form to show", async () => {
    const body = {
      code: "invalid_body",
      message: "Invalid pet",
      status: 400,
      details: [{ field: "name", message: "x" }],
    };
    answer = () => Response.json(body, { status: 400 });
    const error = await createPetWithKey(KEY, { name: "", categoryId: 1 }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toBody()).toEqual(body);
  });

  it("calls a list it cannot read, or a proxy's page, unreadable", async () => {
    answer = () => Response.json([{ id: "seven" }]);
    await expect(listOrdersWithKey(KEY, { limit: 20 })).rejects.toMatchObject({
      status: 200,
      code: "unreadable_response",
    });
    answer = () => new Response("<h1>Bad gateway</h1>", { status: 502 });
    await expect(getMeWithKey(KEY)).rejects.toMatchObject({ status: 502, code: "unreadable_response" });
  });

  it("tells sign-in whether the key is accepted; other failures throw", async () => {
    answer = () => Response.json({ name: "staff", scopes: [] });
    expect(await isApiKeyAccepted(KEY)).toBe(true);
    answer = () => Response.json({ code: "unauthorized", message: "Invalid API key.", status: 401 }, { status: 401 });
    expect(await isApiKeyAccepted(KEY)).toBe(false);
    answer = () => Response.json({ code: "internal_error", message: "oops", status: 500 }, { status: 500 });
    await expect(isApiKeyAccepted(KEY)).rejects.toMatchObject({ status: 500, code: "internal_error" });
    expect(sent.map((request) => request.url)).toEqual(Array(3).fill("http://console.test/v1/me"));
  });
});
