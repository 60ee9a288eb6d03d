import { describe, expect, it } from "vitest";
import { isPublicAddress, parseAddressPolicy } from "./address-policy";

describe("the delivery address policy", () => {
  it("refuses loopback, private, link-local and other special addresses by default", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "2002:7f00:1::",
      "224.0.0.1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("allows public addresses", () => {
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("lets an operator allow ranges or every address", () => {
    const policy = parseAddressPolicy("127.0.0.0/8, 10.0.0.0/8");
    if ("error" in policy) throw new Error(policy.error);
    expect(policy.allows("127.0.0.1")).toBe(true);
    expect(policy.allows("::ffff:10.2.3.4")).toBe(true);
    expect(policy.allows("192.168.1.1")).toBe(false);
    expect(policy.allows("8.8.8.8")).toBe(true);
    const all = parseAddressPolicy("all");
    if ("error" in all) throw new Error(all.error);
    expect(all.allows("192.168.1.1")).toBe(true);
    expect(parseAddressPolicy("not-a-range")).toEqual({ error: expect.stringContaining("entry 1") });
  });
});
