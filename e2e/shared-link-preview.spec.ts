import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { NAMED_CATEGORY, NAMED_CATEGORY_PET, authorization } from "@/e2e/support/pets";

/** The id the staff API gives the available pet of that name. */
async function idOf(request: APIRequestContext, name: string): Promise<number> {
  const pets = (await (
    await request.get("/v1/pets?status=available&limit=100", { headers: authorization })
  ).json()) as { id: number; name: string }[];
  return pets.find((pet) => pet.name === name)!.id;
}

/** A <meta property="…"> tag's content in server-rendered HTML (no script runs in a previewer). */
function metaProperty(html: string, property: string): string | undefined {
  const tag = new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html);
  return tag?.[1]?.replaceAll("&amp;", "&");
}

test.describe("a shared link's preview", () => {
  test("names the animal's category as the page does, and shows the site's image from this server", async ({
    page,
    request,
    baseURL,
  }) => {
    const path = `/pets/${await idOf(request, NAMED_CATEGORY_PET)}`;
    const html = await (await request.get(path)).text();
    const description = metaProperty(html, "og:description")!;
    expect(description).toContain(NAMED_CATEGORY.name);
    expect(description).not.toMatch(/category \d+/i);

    // Open Graph wants an absolute address; it must be this server's own, served as a PNG.
    const image = metaProperty(html, "og:image");
    expect(image).toBe(new URL("/og-image.png", baseURL).href);
    const answer = await request.get(image!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("image/png");
    const png = await answer.body();
    // The IHDR chunk: 1200 × 630, the size previews draw without cropping.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(metaProperty(html, "og:image:alt")).toBeTruthy();
    expect(metaProperty(html, "og:url")).toBe(new URL(path, baseURL).href);

    // The page itself says the same category.
    await page.goto(path);
    await expect(page.getByText(NAMED_CATEGORY.name, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the gallery's link previews with the same image", async ({ request, baseURL }) => {
    const html = await (await request.get("/")).text();
    expect(metaProperty(html, "og:image")).toBe(new URL("/og-image.png", baseURL).href);
    expect(metaProperty(html, "og:title")).toBeTruthy();
  });
});
