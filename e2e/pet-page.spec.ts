import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { AVAILABLE_NAMES, authorization } from "@/e2e/support/pets";
import { saveScreenshot } from "@/e2e/support/screenshot";

type Listed = { id: number; name: string }[];

/** The id the staff API gives a seeded pet of that name and status. */
async function idOf(request: import("@playwright/test").APIRequestContext, name: string, status: string) {
  const pets = (await (
    await request.get(`/v1/pets?status=${status}&limit=100`, { headers: authorization })
  ).json()) as Listed;
  return pets.find((pet) => pet.name === name)!.id;
}

test.describe("an animal's own page", () => {
  test(
    "an adopter opens an animal from the gallery, reads how to adopt and can ask about it",
    PHONE_TOO,
    async ({ page }, testInfo) => {
      const name = AVAILABLE_NAMES[AVAILABLE_NAMES.length - 1]!;
      await page.goto("/");
      await page.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(/\/pets\/\d+$/);
      await expect(page).toHaveTitle(`${name}, available for adoption · Pet Store`);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByText("Available", { exact: true })).toBeVisible();
      await expect(page.getByText(/^Category \d+$/)).toBeVisible();

      const adopt = page.getByRole("region", { name: "How to adopt" });
      await expect(adopt).toContainText("Where");
      await expect(adopt).toContainText("When");
      const ask = adopt.getByRole("link", { name: `Ask about ${name}` });
      const href = (await ask.getAttribute("href"))!;
      expect(href).toMatch(/^mailto:[^?]+@[^?]+\?subject=/);
      const id = /\/pets\/(\d+)$/.exec(page.url())![1];
      expect(new URL(href).searchParams.get("subject")).toBe(`Adopting ${name} (#${id})`);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, "pet-page");

      await page.getByRole("link", { name: "See all the animals looking for a home" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Animals looking for a home" })).toBeVisible();
    },
  );

  test("an animal's page reads well in dark mode too", PHONE_TOO, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await page.getByRole("link", { name: AVAILABLE_NAMES[AVAILABLE_NAMES.length - 1], exact: true }).click();
    await expect(page.getByRole("region", { name: "How to adopt" })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "pet-page-dark");
  });

  test("a shared link reads well: server-rendered title, description and Open Graph", async ({ request }) => {
    const name = AVAILABLE_NAMES[0]!;
    const answer = await request.get(`/pets/${await idOf(request, name, "available")}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    const html = await answer.text();
    // next/head marks its tags (data-next-head=""): any attributes, the one title.
    expect(html).toMatch(new RegExp(`<title[^>]*>${name}, available for adoption · Pet Store</title>`));
    expect(html).toMatch(new RegExp(`<meta name="description" content="${name} is looking for a home[^"]*"`));
    expect(html).toContain(`<meta property="og:title" content="${name} · Pet Store"`);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+"/);
    // In the first HTML, no script needed (the name in a <bdi> of its own, so tags are dropped).
    expect(html.replace(/<[^>]*>/g, "")).toContain(`Ask about ${name}`);
  });

  test("unknown and malformed ids all answer the same 404", async ({ page, request }, testInfo) => {
    const unknown = await request.get("/pets/987654321");
    expect(unknown.status()).toBe(404);
    // Only the per-request nonce and the id as requested (in the router's state) may differ.
    const strip = (html: string) =>
      html.replace(
        /nonce="[^"]*"|nonce-[^']*'|\\"nonce\\":\\"[^\\]*\\"|\\"k\\":\\"[^\\]*\\"|\\"pets\\",\\"[^\\]*\\"/g,
        "",
      );
    const unknownBody = strip(await unknown.text());
    for (const path of ["/pets/abc", "/pets/0", "/pets/01", "/pets/99999999999999999999"]) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(404);
      expect(strip(await answer.text()), path).toBe(unknownBody);
    }
    // Pending and sold animals have their own page (e2e/unavailable-pet.spec.ts).
    await page.goto("/pets/987654321");
    await expect(page.getByRole("heading", { level: 1, name: "This page could not be found" })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "pet-page-not-found");
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("an adopter still reaches an animal's page and its Ask action", PHONE_TOO, async ({ page }) => {
      const name = AVAILABLE_NAMES[AVAILABLE_NAMES.length - 1]!;
      await page.goto("/");
      await page.getByRole("link", { name, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByRole("link", { name: `Ask about ${name}` })).toHaveAttribute("href", /^mailto:/);
    });
  });
});
