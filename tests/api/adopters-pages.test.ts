import { describe, expect, it } from "vitest";
import { api, header } from "@/tests/api/support/api";
import { createPet, createPets } from "@/tests/api/support/pets";

/**
 * The adopters' pages load no framework (docs/decisions/107): none of Next's scripts, no
 * `__NEXT_DATA__`, and on the gallery only its two small scripts (the category filter's and
 * "Show more"), carrying the nonce.
 * An upgrade of Next that stopped honouring `unstable_runtimeJS: false` fails here.
 */

const GALLERY_PAGE_SIZE = 12;

function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
}

function nonceOf(csp: string): string | undefined {
  return /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
}

describe("the adopters' pages load no framework", () => {
  it("/ with more than a page of animals loads only the gallery's two scripts, with this answer's nonce", async () => {
    const pets = await createPets(GALLERY_PAGE_SIZE + 1);
    const response = await api("/", { key: null });
    expect(response.status).toBe(200);
    expect(response.text).not.toContain("__NEXT_DATA__");
    expect(response.text).not.toMatch(/<link[^>]+rel="(?:preload|modulepreload)"[^>]+as="script"/);
    const nonce = nonceOf(header(response, "content-security-policy"));
    expect(scriptTags(response.text)).toEqual([
      `<script type="module" defer="" src="/gallery/category-filter.js" nonce="${nonce}">`,
      `<script type="module" defer="" src="/gallery/show-more.js" nonce="${nonce}">`,
    ]);
    // The newest animal heads the gallery; the oldest of these is beyond the first page.
    expect(response.text).toContain(`href="/pets/${pets.at(-1)!.id}"`);

    for (const path of ["/gallery/category-filter.js", "/gallery/show-more.js"]) {
      const script = await api(path, { key: null, skipOperationCheck: true });
      expect(script.status).toBe(200);
      expect(script.headers["content-type"]).toMatch(/^application\/javascript/);
    }
  });

  it("/pets/{id} loads no script at all", async () => {
    const [pet] = await createPets(1);
    const response = await api(`/pets/${pet!.id}`, { key: null });
    expect(response.status).toBe(200);
    // The name sits in a <bdi> of its own (a right-to-left name keeps its direction).
    expect(response.text.replace(/<[^>]*>/g, "")).toContain(`Ask about ${pet!.name}`);
    expect(scriptTags(response.text)).toEqual([]);
    expect(response.text).not.toContain("__NEXT_DATA__");
  });

  it("/pets/{id} of a sold animal answers 200: its name, that it is no longer available, similar animals", async () => {
    const categoryId = 1_000 + Math.floor(Math.random() * 1_000_000);
    const similar = await createPet({ categoryId });
    const sold = await createPet({ categoryId, status: "sold" });
    const response = await api(`/pets/${sold.id}`, { key: null });
    expect(response.status).toBe(200);
    const text = response.text.replace(/<[^>]*>/g, "");
    expect(text).toContain(`${sold.name} is no longer available`);
    expect(text).not.toMatch(/\bsold\b|Ask about/i);
    expect(response.text).toContain('<meta name="robots" content="noindex"');
    expect(response.text).toContain(`href="/pets/${similar.id}"`);
    expect(scriptTags(response.text)).toEqual([]);
    expect((await api("/pets/987654321987", { key: null })).status).toBe(404);
  });
});

describe("the gallery's cost does not grow with ?pages (issue 20 finding 6)", () => {
  it("renders at most the last four pages asked for, with a link to the newer ones", async () => {
    const category = 700_000 + Math.floor(Math.random() * 100_000);
    // Oldest first; the gallery shows newest first, so page 1 is pets[59..48], page 5 pets[11..0].
    const pets = await createPets(GALLERY_PAGE_SIZE * 5, () => ({ categoryId: category }));
    // A card's link may carry the way back (?category=…&amp;pages=…, docs/decisions/153).
    const ids = (text: string) => [...text.matchAll(/href="\/pets\/(\d+)[?"]/g)].map((match) => Number(match[1]));
    const newestFirst = pets.map((pet) => pet.id).reverse();

    const four = await api(`/?category=${category}&pages=4`, { key: null });
    expect(four.status).toBe(200);
    expect(ids(four.text)).toEqual(newestFirst.slice(0, 48));
    expect(four.text).not.toContain("Show newer animals");

    const five = await api(`/?category=${category}&pages=5`, { key: null });
    expect(five.status).toBe(200);
    expect(ids(five.text)).toEqual(newestFirst.slice(12));
    expect(five.text).toContain('id="page-2"');
    expect(five.text).not.toContain('id="page-1"');
    expect(five.text).toMatch(new RegExp(`<a [^>]*href="/\\?category=${category}"[^>]*>Show newer animals</a>`));
  });
});
