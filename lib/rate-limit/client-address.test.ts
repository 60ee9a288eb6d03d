import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddressOf, resolveClientAddress } from "./client-address";
import { parseTrustedProxies, type TrustedProxies } from "./trusted-proxies";

function proxies(value: string): TrustedProxies {
  const parsed = parseTrustedProxies(value);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed;
}

describe("resolveClientAddress", () => {
  it("is the connection's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("192.0.2.5", "203.0.113.9", proxies(""))).toBe("192.0.2.5");
    expect(resolveClientAddress("::ffff:192.0.2.5", null, proxies(""))).toBe("192.0.2.5");
    expect(resolveClientAddress(undefined, "203.0.113.9", proxies(""))).toBe("unknown");
  });

  it("reads X-Forwarded-For from the right past trusted proxies only", () => {
    const trusted = proxies("10.0.0.0/8, 2001:db8::1");
    expect(resolveClientAddress("10.0.0.2", "203.0.113.9", trusted)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", "198.51.100.1, 203.0.113.9, 10.1.1.1", trusted)).toBe("203.0.113.9");
    expect(resolveClientAddress("2001:db8::1", "203.0.113.9", trusted)).toBe("203.0.113.9");
    // An untrusted peer's header is its own claim.
    expect(resolveClientAddress("192.0.2.5", "203.0.113.9", trusted)).toBe("192.0.2.5");
    // A trusted proxy that names no client is the client.
    expect(resolveClientAddress("10.0.0.2", null, trusted)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "10.0.0.3", trusted)).toBe("10.0.0.3");
  });
});

describe("parseTrustedProxies", () => {
  it("takes addresses and CIDR ranges, and names the first bad entry by position", () => {
    expect(proxies(" 127.0.0.1 ,10.0.0.0/8,::1,fd00::/8").entries).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
    ]);
    for (const bad of ["10.0.0.0/33", "example.com", "10.0.0.1/8/1", "::1/129", "10.0.0.0/"]) {
      expect(parseTrustedProxies(`127.0.0.1,${bad}`)).toEqual({ error: expect.stringMatching(/^entry 2 /) });
    }
  });
});

describe("clientAddressOf", () => {
  it("reads the stamped address", () => {
    const stamped = new Request("http://x/v1/pets", { headers: { [CLIENT_ADDRESS_HEADER]: "192.0.2.5" } });
    expect(clientAddressOf(stamped)).toBe("192.0.2.5");
    expect(clientAddressOf(new Request("http://x/v1/pets", { headers: { "X-Forwarded-For": "1.2.3.4" } }))).toBe(
      "unknown",
    );
  });
});
