import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { describe, expect, it, vi } from "vitest";
import { generateKey } from "@/lib/keys/key-format";
import { ApiError } from "./api-error";

const KEY = "unit-test-key-0123456789";
vi.mock("./api-keys", async () => {
  const { keyRingOf } = await vi.importActual<typeof import("./api-keys")>("./api-keys");
  return { getApiKeys: async () => ({ ring: keyRingOf([KEY]) }) };
});
const ISSUED = generateKey();
vi.mock("@/lib/keys/issued-keys", () => ({
  getIssuedKeys: async () => ({
    find: async (token: string) =>
      token === ISSUED.key
        ? { id: ISSUED.id, name: "shop front", scopes: ["pets:read"], hash: "", createdAt: "2026-11-22T00:00:00Z" }
        : undefined,
  }),
}));
const { authenticate } = await import("./authenticate");

/** authenticate throws at once when it needs no look-up; a promise either way, for the assertions. */
const settle = (request: Request, scope?: Parameters<typeof authenticate>[1]) =>
  Promise.resolve().then(() => authenticate(request, scope));

function requestWith(authorization: string): Request {
  return new Request("http://localhost/v1/pets", { headers: { authorization } });
}

async function statusOf(authorization: string): Promise<number | "ok"> {
  try {
    await authenticate(requestWith(authorization));
    return "ok";
  } catch (error) {
    return (error as ApiError).status;
  }
}

describe("authenticate", () => {
  it("accepts a known key and refuses others", async () => {
    expect(await statusOf(`Bearer ${KEY}`)).toBe("ok");
    expect(await statusOf(`bearer\t${KEY}  `)).toBe("ok");
    expect(await statusOf(`Bearer ${KEY}x`)).toBe(401);
    expect(await statusOf(`Bearer ${KEY} ${KEY}`)).toBe(401);
    expect(await statusOf(`Basic ${KEY}`)).toBe(401);
  });

  // Issue 7: a lazy regex group before `\s*$` took ~0.5 s of CPU on 16,000 spaces, before
  // any key check. A linear parse takes microseconds; 5 ms leaves room for a busy machine.
  const run = (n: number, unit: string) => unit.repeat(n);
  const SIZE = 16 * 1024;
  const shapes: [string, string][] = [
    ["Bearer a<spaces>b", `Bearer a${run(SIZE, " ")}b`],
    ["Bearer a<tabs>b", `Bearer a${run(SIZE, "\t")}b`],
    ["Bearer <tabs>", `Bearer ${run(SIZE, "\t")}`],
    ["<spaces>Bearer", `${run(SIZE, " ")}Bearer`],
    ["Bearer a<mixed>b", `Bearer a${run(SIZE / 2, " \t")}b`],
    ["Bearer <a then space, repeated>", `Bearer ${run(SIZE / 2, "a ")}`],
    ["<mixed>Bearer<mixed>a<mixed>", `${run(SIZE / 6, " \t")}Bearer${run(SIZE / 6, "\t ")}a${run(SIZE / 6, " \t")}`],
    ["Bearer <16 KiB of b64token>", `Bearer ${run(SIZE, "a")}`],
  ];

  it.each(shapes)("refuses %s in linear time (under 5 ms)", async (_label, header) => {
    const request = requestWith(header);
    let best = Infinity;
    for (let attempt = 0; attempt < 5; attempt++) {
      const started = performance.now();
      await settle(request).catch((error: unknown) => expect((error as ApiError).status).toBe(401));
      best = Math.min(best, performance.now() - started);
    }
    expect(best).toBeLessThan(5);
  });

  it("gives environment keys every scope, issued keys only theirs (403 insufficient_scope otherwise)", async () => {
    // Named by the key's own SHA-256, never its position (issue 20, finding 9).
    const keyId = `env-${createHash("sha256").update(KEY).digest("hex").slice(0, 12)}`;
    expect(await authenticate(requestWith(`Bearer ${KEY}`), "categories:write")).toMatchObject({
      keyId,
      name: `PETSTORE_API_KEYS key ${keyId}`,
    });
    expect(await authenticate(requestWith(`Bearer ${ISSUED.key}`), "pets:read")).toMatchObject({
      keyId: ISSUED.id,
      name: "shop front",
      scopes: ["pets:read"],
    });
    const refusal = await settle(requestWith(`Bearer ${ISSUED.key}`), "pets:write").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 403, code: "insufficient_scope" });
    expect((refusal as ApiError).headers!["WWW-Authenticate"]).toBe(
      'Bearer realm="petstore", error="insufficient_scope", scope="pets:write"',
    );
  });
});
