import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { exportedMethods } from "./route-methods";
import { V1_ROUTES } from "./v1-route-table";

const V1_DIR = fileURLToPath(new URL("../../app/v1", import.meta.url));

/** Every route.ts under app/v1, as its folder relative to app/v1 ("" for app/v1/route.ts). */
function routeFolders(dir = V1_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFolders(full);
    return /^route\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path.relative(V1_DIR, dir).split(path.sep).join("/")] : [];
  });
}

describe("the front server's /v1 route table", () => {
  it("lists exactly the route files under app/v1", () => {
    expect(V1_ROUTES.map((route) => route.folder).sort()).toEqual(routeFolders().sort());
  });

  it.each(routeFolders())(
    "app/v1/%s/route.ts: the table serves the very module, with the same methods",
    async (folder) => {
      const routeFile = await import(/* @vite-ignore */ path.join(V1_DIR, folder, "route.ts"));
      const listed = V1_ROUTES.find((route) => route.folder === folder);
      expect(listed?.module).toBe(routeFile);
      const methods = Object.keys(routeFile).filter(
        (name) => /^[A-Z]+$/.test(name) && typeof routeFile[name] === "function",
      );
      expect([...exportedMethods(listed!.module).keys()].sort()).toEqual(methods.sort());
    },
  );
});
