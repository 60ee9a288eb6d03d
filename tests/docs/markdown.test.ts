import { describe, expect, it } from "vitest";
import { headingAnchors, linkTargets, slugOf } from "./markdown";

describe("linkTargets", () => {
  it("finds inline links, images and reference definitions", () => {
    const page = "See [the API](docs/api.md#errors) and ![a cat](public/cat.png).\n\n[ops]: docs/operating.md\n";
    expect(linkTargets(page)).toEqual(["docs/api.md#errors", "public/cat.png", "docs/operating.md"]);
  });

  it("keeps a link whose text is code", () => {
    expect(linkTargets("[`lib/config.ts`](lib/config.ts)")).toEqual(["lib/config.ts"]);
  });

  it("reads nothing inside code spans or fenced code", () => {
    const page = ["`[not](a-link.md)`", "```sh", "echo '[x](y.md)'", "```", "~~~", "[z](w.md)", "~~~"].join("\n");
    expect(linkTargets(page)).toEqual([]);
  });

  it("does not let an unmatched backtick hide the links of the next paragraph", () => {
    expect(linkTargets("a stray ` here\n\n[real](real.md) and `code`")).toEqual(["real.md"]);
  });
});

describe("slugOf and headingAnchors", () => {
  it("makes GitHub's anchors from headings with code, colons, slashes and parentheses", () => {
    expect(slugOf("Events (experimental): `GET /v1/events`")).toBe("events-experimental-get-v1events");
    expect(slugOf("API keys, scopes, rate limits and safe retries")).toBe(
      "api-keys-scopes-rate-limits-and-safe-retries",
    );
    expect(slugOf('Decisions where the interface document says "not shown"')).toBe(
      "decisions-where-the-interface-document-says-not-shown",
    );
    expect(slugOf("Activity (who did what, experimental): `GET /v1/audit`")).toBe(
      "activity-who-did-what-experimental-get-v1audit",
    );
    expect(slugOf("The `PETSTORE_DATA_DIR` folder")).toBe("the-petstore_data_dir-folder");
  });

  it("numbers a repeated heading and ignores `#` lines in code", () => {
    const page = ["# Pet Store", "## Files", "```sh", "# Files", "```", "### Files"].join("\n");
    expect([...headingAnchors(page)]).toEqual(["pet-store", "files", "files-1"]);
  });
});
