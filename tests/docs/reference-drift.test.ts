import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The reference pages stay complete as the code grows: every variable the server reads has a
 * row in docs/configuration.md, and every benchmark a paragraph in docs/performance.md
 * (docs/decisions/233).
 */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The app's own source (not its tests, contract suites, scripts or benches). */
function appSources(): string[] {
  const inFolder = (folder: string) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.(ts|tsx|mjs|js)$/.test(name) && !/\.(test|contract)\./.test(name))
      .map((name) => path.join(folder, name));
  return [...["lib", "app", "pages", "components"].flatMap(inFolder), "server.ts", "proxy.ts", "instrumentation.ts"];
}

/** The `PETSTORE_*` names a text mentions. */
function petStoreVariables(text: string): Set<string> {
  return new Set(text.match(/\bPETSTORE_[A-Z0-9_]+\b/g) ?? []);
}

/** The variables docs/configuration.md's table has a row for. */
function configurationRows(): Set<string> {
  return new Set([...read("docs/configuration.md").matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((row) => row[1]!));
}

describe("docs/configuration.md", () => {
  const rows = configurationRows();
  const used = new Set(appSources().flatMap((file) => [...petStoreVariables(read(file))]));

  it("has a row for every PETSTORE_ variable the app reads", () => {
    expect([...used].filter((variable) => !rows.has(variable)).sort()).toEqual([]);
  });

  it("has no row for a PETSTORE_ variable nothing reads any more", () => {
    const stale = [...rows].filter((variable) => variable.startsWith("PETSTORE_") && !used.has(variable));
    expect(stale.sort()).toEqual([]);
  });
});

describe("docs/performance.md", () => {
  it("describes every benchmark script in package.json", () => {
    const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);
    const benches = scripts.filter((name) => name.startsWith("bench:") || name === "lighthouse");
    const performance = read("docs/performance.md");
    expect(benches.length).toBeGreaterThan(0);
    expect(benches.filter((name) => !performance.includes(`\`npm run ${name}\``))).toEqual([]);
  });
});
