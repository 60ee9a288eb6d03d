import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";

// Issue 40, item 9 (docs/decisions/216). Named *adoption.spec.ts: it adds an available
// animal, so it runs on the adoption stories' own server (playwright.config.ts).

const picture = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

test("an adopter sees whole photos, wide cards at 1280 px, and opens an extra photo larger without JavaScript", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Tall ${randomUUID().slice(0, 6)}`;
  const created = await request.post("/v1/pets", { data: { name, categoryId: 1 }, headers: authorization });
  const { id } = (await created.json()) as { id: number };
  for (const [width, height, colour, alt] of [
    [1600, 1200, "#0f766e", `${name} in the yard`],
    [600, 900, "#b45309", `${name} standing tall`],
  ] as const) {
    const upload = await request.post(`/v1/pets/${id}/photos`, {
      data: await picture(width, height, colour),
      headers: { ...authorization, "Content-Type": "image/png" },
    });
    expect(upload.status()).toBe(201);
    const { id: photoId } = (await upload.json()) as { id: number };
    await request.patch(`/v1/pets/${id}/photos/${photoId}`, { data: { alt }, headers: authorization });
  }

  // The card's photo takes the card's width at 1280 px, from a stored copy at least that wide.
  await page.goto("/");
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name }) });
  const cardPhoto = card.getByRole("img", { name: `${name} in the yard` });
  await expect(cardPhoto).toBeVisible();
  const shown = await cardPhoto.evaluate((img: HTMLImageElement) => ({
    width: img.getBoundingClientRect().width,
    natural: img.naturalWidth,
    fit: getComputedStyle(img).objectFit,
  }));
  expect(shown.width).toBeGreaterThan(200);
  expect(shown.natural).toBeGreaterThanOrEqual(shown.width);
  expect(shown.fit).toBe("contain"); // a portrait is never cut

  // Without JavaScript, the extra photo is whole in its thumbnail and a plain link opens it larger.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const adopter = await context.newPage();
  await adopter.goto(`/pets/${id}`);
  const more = adopter.getByRole("list", { name: `More photos of ${name}` });
  const thumbnail = more.getByRole("img", { name: `${name} standing tall` });
  expect(await thumbnail.evaluate((img) => getComputedStyle(img).objectFit)).toBe("contain");
  const link = more.getByRole("link", { name: /standing tall.*larger/ });
  const [response] = await Promise.all([adopter.waitForResponse(/\/photos\//), link.click()]);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  expect(adopter.url()).toMatch(/-600\.jpg$/);
  await context.close();

  // The page with its linked photos keeps 0 axe violations.
  await page.goto(`/pets/${id}`);
  await expect(page.getByRole("link", { name: /standing tall.*larger/ })).toBeVisible();
  await expectNoAxeViolations(page);
});
