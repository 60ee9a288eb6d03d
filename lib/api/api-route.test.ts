import { describe, expect, it } from "vitest";
import { globalSlot } from "@/lib/ops/global-slot";
import { apiRoute } from "./api-route";
import { API_CACHE_CONTROL } from "./cache-control";
import { ApiError } from "./api-error";

const request = () => new Request("http://localhost/v1/things", { headers: { "x-request-id": "req-1" } });
const inFlight = () => globalSlot<{ inFlight: number }>("readiness", () => ({ inFlight: 0 })).inFlight;

describe("apiRoute", () => {
  it("answers at once, not as a promise, when the handler does", () => {
    const route = apiRoute({ auth: "public" }, () => Response.json({ ok: true }));
    const answer = route(request(), undefined);
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.headers.get("x-request-id")).toBe("req-1");
    expect(response.headers.get("cache-control")).toBe(API_CACHE_CONTROL);
    expect(inFlight()).toBe(0);
  });

  it("turns a handler's throw into the JSON error at once", async () => {
    const route = apiRoute({ auth: "public" }, () => {
      throw new ApiError(409, "conflict", "Taken.");
    });
    const answer = route(request(), undefined);
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ code: "conflict", message: "Taken.", status: 409 });
    expect(response.headers.get("x-request-id")).toBe("req-1");
  });

  it("waits for a handler that waits, counting the request in until it answers", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const route = apiRoute({ auth: "public" }, async () => {
      await gate;
      throw new Error("a fault with a secret inside");
    });
    const before = inFlight();
    const answer = route(request(), undefined);
    expect(answer).toBeInstanceOf(Promise);
    expect(inFlight()).toBe(before + 1);
    release();
    const response = await answer;
    expect(inFlight()).toBe(before);
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain("secret");
  });

  it("keeps a handler's own Cache-Control and adds the route's declared headers", async () => {
    const route = apiRoute({ auth: "public", headers: { Deprecation: "@1", "Cache-Control": "ignored" } }, () =>
      Response.json([], { headers: { "Cache-Control": "max-age=60" } }),
    );
    const response = (await route(request(), undefined)) as Response;
    expect(response.headers.get("cache-control")).toBe("max-age=60");
    expect(response.headers.get("deprecation")).toBe("@1");
  });
});
