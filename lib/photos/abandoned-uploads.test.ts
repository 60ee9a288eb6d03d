import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { ABANDONED_AFTER_MS, removeAbandonedUploadDirs } from "./abandoned-uploads";

const parents: string[] = [];
afterEach(() => parents.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

it("removes only this kind's folders untouched for two hours, and logs instead of throwing", () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), "abandoned-test-"));
  parents.push(parent);
  const now = Date.now();
  const folder = (name: string, ageMs: number) => {
    const dir = path.join(parent, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, "a.upload"), "x");
    const at = (now - ageMs) / 1000;
    utimesSync(dir, at, at);
  };
  folder("uploads-crashed", ABANDONED_AFTER_MS + 60_000);
  folder("uploads-busy", 60_000);
  folder("someone-else", ABANDONED_AFTER_MS + 60_000);
  const warnings: object[] = [];
  const logger = { warn: (fields: object) => warnings.push(fields) };

  removeAbandonedUploadDirs(parent, "uploads-", now, logger);
  expect(readdirSync(parent).sort()).toEqual(["someone-else", "uploads-busy"]);

  removeAbandonedUploadDirs(path.join(parent, "missing"), "uploads-", now, logger);
  expect(warnings).toEqual([{ event: "photo_uploads_sweep_failed", code: "ENOENT" }]);
});
