import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

import { BANDS, ORDER } from "./bands.mjs";

const bandsOf = (path: string) => ORDER.filter((name) => new RegExp(BANDS[name as keyof typeof BANDS]).test(path));

/** The modules the import check cruises, less tests (as .dependency-cruiser.mjs excludes them). */
function appModules(): string[] {
  const roots = ["app", "lib", "components", "pages", "scripts"];
  const nested = roots.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: "utf8" }).map((name) => `${root}/${name}`),
  );
  return [...nested, "server.ts", "instrumentation.ts", "proxy.ts"].filter(
    (path) => /\.(?:tsx?|mjs|cjs|js)$/.test(path) && !/\.test\.tsx?$|\.contract\.ts$/.test(path),
  );
}

describe("the import rules' bands (docs/decisions/238)", () => {
  it("put every module of the app in exactly one band", () => {
    const misplaced = appModules()
      .map((path) => ({ path, bands: bandsOf(path) }))
      .filter(({ bands }) => bands.length !== 1);
    expect(misplaced).toEqual([]);
  });

  it.each([
    ["lib/errors/branded-error.ts", "base"],
    ["lib/ops/logger.ts", "base"],
    ["lib/pets/schemas.ts", "domain"],
    ["lib/pets/pet-store.ts", "domain"],
    ["lib/people/people-errors.ts", "domain"],
    ["lib/stats/basic-data-matrix.ts", "domain"],
    ["lib/store/file/journal.ts", "engines"],
    ["lib/people/postgres-account-store.ts", "engines"],
    ["lib/people/passkeys/file-passkey-store.ts", "engines"],
    ["lib/composition/index.ts", "services"],
    ["lib/composition/pet-store.ts", "domain"],
    ["lib/composition/file-pet-store.ts", "engines"],
    ["lib/people/people.ts", "services"],
    ["lib/api/to-api-error.ts", "http"],
    ["lib/people/auth-api.ts", "http"],
    ["lib/people/passkeys/passkey-api.ts", "http"],
    ["lib/front/front-server.ts", "front"],
    ["components/staff/notice.ts", "front"],
    ["lib/ops/drain.ts", "top"],
    ["scripts/db-import.ts", "top"],
  ])("%s is in the %s band", (path, band) => {
    expect(bandsOf(path)).toEqual([band]);
  });
});
