import { describe, expect, it } from "vitest";
import { addressGroup } from "./address-group";

describe("addressGroup", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as one client", () => {
    const a = addressGroup("2001:db8:1:2:aaaa::1");
    const b = addressGroup("2001:0db8:0001:0002:ffff:ffff:ffff:fffe");
    expect(a).toBe("2001:db8:1:2::/64");
    expect(b).toBe(a);
  });

  it("tells neighbouring /64s apart", () => {
    expect(addressGroup("2001:db8:1:3::1")).not.toBe(addressGroup("2001:db8:1:2::1"));
  });

  it("reads compressed forms and zones", () => {
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
    expect(addressGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 client", () => {
    expect(addressGroup("::ffff:198.51.100.4")).toBe("198.51.100.4");
  });

  it("leaves what is not an address alone", () => {
    expect(addressGroup("unknown")).toBe("unknown");
  });
});
