import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brokenLinks } from "./broken-links";

const root = path.resolve(import.meta.dirname, "../..");

/** README.md and every Markdown page under docs/, decision records included. */
function documentationFiles(): string[] {
  const docs = readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join(root, "docs", name));
  return [path.join(root, "README.md"), ...docs.sort()];
}

describe("the documentation's own links", () => {
  it("lead to files that exist and to headings those pages have", () => {
    const broken = documentationFiles().flatMap(brokenLinks);
    expect(broken.map((entry) => entry.replace(`${root}/`, ""))).toEqual([]);
  });
});
