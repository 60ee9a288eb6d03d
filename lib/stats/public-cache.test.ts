import { describe, expect, it } from "vitest";
import { etagMatches, publicStatsEtag } from "./public-cache";

describe("the public statistics' validators", () => {
  const etag = publicStatsEtag(42, "2025-11/2026-10", "m1abc");

  it("changes with the sequence, the period and the process", () => {
    expect(etag).toBe('W/"42-2025-11/2026-10-m1abc"');
    expect(publicStatsEtag(43, "2025-11/2026-10", "m1abc")).not.toBe(etag);
    expect(publicStatsEtag(42, "2025-12/2026-11", "m1abc")).not.toBe(etag);
    expect(publicStatsEtag(42, "2025-11/2026-10", "m2def")).not.toBe(etag);
  });

  it("matches If-None-Match weakly, in a list, or *", () => {
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches('"42-2025-11/2026-10-m1abc"', etag)).toBe(true);
    expect(etagMatches(`W/"other", ${etag}`, etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches('W/"41-2025-11/2026-10-m1abc"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
