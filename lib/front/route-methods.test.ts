import { describe, expect, it } from "vitest";
import { methodNotAllowed } from "@/lib/api/method-routes";
import { handlerFor } from "./route-methods";

const ok = (label: string) => async () => Response.json({ label });
// The platform's Request refuses TRACE and CONNECT; the front server's adapter hands them
// over as a lightweight request with the method, URL and headers, like this one.
const request = (method: string) =>
  ({ method, url: "http://localhost/v1/x", headers: new Headers() }) as unknown as Request;

async function answer(module: Record<string, unknown>, method: string) {
  const response = await handlerFor(module, method)(request(method), {});
  const text = await response.text();
  return { status: response.status, allow: response.headers.get("allow"), body: text ? JSON.parse(text) : undefined };
}

describe("which handler answers a method", () => {
  const refuse = methodNotAllowed(["GET", "HEAD", "POST", "OPTIONS"]);
  const route = { GET: ok("get"), POST: ok("post"), PUT: refuse, DELETE: refuse, dynamic: "force-dynamic" };

  it("an exported method runs its handler", async () => {
    expect((await answer(route, "POST")).body).toEqual({ label: "post" });
  });

  it("HEAD without its own export runs GET", async () => {
    expect((await answer(route, "HEAD")).body).toEqual({ label: "get" });
  });

  it("OPTIONS without its own export answers 204 with the exported methods, as Next does", async () => {
    expect(await answer(route, "OPTIONS")).toEqual({
      status: 204,
      allow: "DELETE, GET, HEAD, OPTIONS, POST, PUT",
      body: undefined,
    });
  });

  it.each(["TRACE", "PROPFIND", "CONNECT", "PATCH"])(
    "%s, which the module does not export, gets the route's own JSON 405",
    async (method) => {
      const { status, allow, body } = await answer(route, method);
      expect({ status, allow, code: body.code }).toEqual({
        status: 405,
        allow: "GET, HEAD, POST, OPTIONS",
        code: "method_not_allowed",
      });
      expect(body.message).toContain(method);
    },
  );

  it("a route without a refusal of its own gets a JSON 405 naming what it exports", async () => {
    const { status, allow, body } = await answer({ GET: ok("get") }, "DELETE");
    expect({ status, allow, code: body.code }).toEqual({
      status: 405,
      allow: "GET, HEAD, OPTIONS",
      code: "method_not_allowed",
    });
  });

  it("a route that answers every method alike answers unknown ones the same way", async () => {
    const same = ok("same");
    const everything = { GET: same, HEAD: same, POST: same, PUT: same, PATCH: same, DELETE: same, OPTIONS: same };
    expect((await answer(everything, "TRACE")).body).toEqual({ label: "same" });
  });
});
