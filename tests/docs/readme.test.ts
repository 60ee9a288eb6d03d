import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { linkTargets } from "./markdown";

/**
 * The README is the front door: what Pet Store is, the two commands, a tour, where things are,
 * and a link to each reference page in docs/ (docs/decisions/233).
 */
const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");

/** Lines as an editor counts them: a final newline ends the last line, it starts none. */
function lineCount(text: string): number {
  return text.replace(/\n$/, "").split("\n").length;
}

describe("README.md", () => {
  it("stays at most 400 lines", () => {
    expect(lineCount(readme)).toBeLessThanOrEqual(400);
  });

  it("links to every page in docs/", () => {
    const linked = new Set(linkTargets(readme).map((target) => target.split("#")[0]));
    const pages = readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md"));
    expect(pages.filter((page) => !linked.has(`docs/${page}`))).toEqual([]);
  });

  it("keeps the two commands CI runs", () => {
    expect(readme).toContain("```sh\nnpm ci && npm run build && npm start\n```");
    expect(readme).toContain("```sh\nnpm test\n```");
  });
});
