import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type LockFile, missingPlatformBuilds, unlockedOptionalDependencies } from "./lock-file-gaps";

const committed = JSON.parse(readFileSync("package-lock.json", "utf8")) as LockFile;

/** The committed lock with the named entries taken out, as an `npm install` on one platform leaves it. */
function without(pattern: RegExp): LockFile {
  return { packages: Object.fromEntries(Object.entries(committed.packages).filter(([at]) => !pattern.test(at))) };
}

describe("package-lock.json", () => {
  it("holds an entry for every optional dependency, so `npm ci` accepts it", () => {
    expect(unlockedOptionalDependencies(committed)).toEqual([]);
  });

  it("holds next's, Tailwind's, lightningcss's and sharp's builds for every supported platform", () => {
    expect(missingPlatformBuilds(committed)).toEqual([]);
  });

  it("is found wanting once another platform's builds are dropped", () => {
    const linuxOnly = without(
      /node_modules\/(@next\/swc|@tailwindcss\/oxide-|lightningcss-|@img\/sharp-)(?!linux-x64)/,
    );
    expect(unlockedOptionalDependencies(linuxOnly)).toContain("@next/swc-darwin-arm64 (for node_modules/next)");
    expect(missingPlatformBuilds(linuxOnly)).toEqual(
      expect.arrayContaining(["next on darwin-arm64", "sharp on win32-x64", "lightningcss on linux-arm64"]),
    );
  });

  it("finds a nested optional dependency where npm would: beside it or in an ancestor's folder", () => {
    const lock: LockFile = {
      packages: {
        "": {},
        "node_modules/a": {},
        "node_modules/a/node_modules/b": { optionalDependencies: { a: "1", c: "1" } },
        "node_modules/a/node_modules/b/node_modules/c": {},
      },
    };
    expect(unlockedOptionalDependencies(lock)).toEqual([]);
    delete lock.packages["node_modules/a/node_modules/b/node_modules/c"];
    expect(unlockedOptionalDependencies(lock)).toEqual(["c (for node_modules/a/node_modules/b)"]);
  });
});
