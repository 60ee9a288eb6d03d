import { describe, expect, it } from "vitest";
import { dropProtoParams } from "./drop-proto-params";

describe("__proto__ query parameters, as Next's router drops them", () => {
  it.each(["?limit=1&__proto__=x", "?__proto__=x&limit=1", "?limit=1&%5F%5Fproto%5F%5F=x", "?__proto__&limit=1"])(
    "%s keeps only limit",
    (query) => {
      const request = dropProtoParams(new Request(`http://localhost/v1/pets${query}`));
      expect([...new URL(request.url).searchParams.keys()]).toEqual(["limit"]);
    },
  );

  it("leaves any other request untouched, the same object", () => {
    const plain = new Request("http://localhost/v1/pets?limit=1&status=sold");
    expect(dropProtoParams(plain)).toBe(plain);
    const lookalike = new Request("http://localhost/v1/pets?prototype=1");
    expect(dropProtoParams(lookalike)).toBe(lookalike);
  });

  it("keeps a body and headers", async () => {
    const request = dropProtoParams(
      new Request("http://localhost/v1/pets?__proto__=1", {
        method: "POST",
        body: '{"a":1}',
        headers: { "content-type": "application/json" },
      }),
    );
    expect(request.url).toBe("http://localhost/v1/pets");
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(await request.text()).toBe('{"a":1}');
  });
});
