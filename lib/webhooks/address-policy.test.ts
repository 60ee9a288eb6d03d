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

  it("refuses every IPv6 form that carries an IPv4 address, however it is written (issue 37 item 14)", () => {
    for (const address of [
      // IPv4-compatible (::/96, deprecated): refused whatever it carries.
      "::127.0.0.1",
      "::7f00:1",
      "::a00:1",
      "::8.8.8.8",
      "0:0:0:0:0:0:a9fe:a9fe",
      // IPv4-mapped, in its hexadecimal spelling (as WHATWG URLs print it): judged as the IPv4 address.
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "0:0:0:0:0:ffff:a00:1",
      // IPv4-translated (SIIT, ::ffff:0:0:0/96).
      "::ffff:0:7f00:1",
      "::ffff:0:808:808",
      // NAT64 (well-known and local prefixes), 6to4, Teredo: refused whole.
      "64:ff9b::a00:1",
      "64:ff9b::808:808",
      "64:ff9b:1::a00:1",
      "2002:a00:1::1",
      "2001:0:4136:e378:8000:63bf:f5ff:fffe",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    const allowLoopback = parseAddressPolicy("127.0.0.0/8");
    if ("error" in allowLoopback) throw new Error(allowLoopback.error);
    expect(allowLoopback.allows("::7f00:1")).toBe(false);
    expect(allowLoopback.allows("::ffff:7f00:1")).toBe(true);
    expect(allowLoopback.allows("::ffff:a00:1")).toBe(false);
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
