import { describe, expect, it } from "vitest";
import { connectionCapFor, openFilesLimit, readLimits, serverOptionsOf } from "./server-limits";

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             63413                63413                processes
Max open files            20000                20000                files
Max locked memory         8388608              8388608              bytes
`;

describe("the front server's slow-client limits (issue 20, finding 15)", () => {
  it("turns the settings into Node's server options, checked every second", () => {
    expect(
      serverOptionsOf({ headersTimeoutSeconds: 10, requestTimeoutSeconds: 30, keepAliveTimeoutSeconds: 5 }),
    ).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1_000,
    });
  });

  it("reads the open-files limit from /proc's text", () => {
    expect(openFilesLimit(LIMITS)).toBe(20_000);
    expect(openFilesLimit("Max open files            unlimited            unlimited            files")).toBeUndefined();
    expect(openFilesLimit(undefined)).toBeUndefined();
  });

  it("caps connections at the limit less a reserve, never below 128, and at 4096 where the limit is unknown", () => {
    expect(connectionCapFor(20_000)).toBe(18_976);
    expect(connectionCapFor(1_048_576)).toBe(1_047_552);
    expect(connectionCapFor(1_024)).toBe(128);
    expect(connectionCapFor(undefined)).toBe(4_096);
  });

  it("reads this machine's limit on Linux", () => {
    if (process.platform === "linux") expect(openFilesLimit(readLimits())).toBeGreaterThan(0);
  });
});
