import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { AVAILABLE_NAMES, PENDING_NAMES, SOLD_NAMES, authorization } from "@/e2e/support/pets";
import { saveScreenshot } from "@/e2e/support/screenshot";

type Listed = { id: number; name: string; categoryId: number }[];

async function petOf(request: APIRequestContext, name: string, status: string) {
  const pets = (await (
    await request.get(`/v1/pets?status=${status}&limit=100`, { headers: authorization })
  ).json()) as Listed;
  return pets.find((pet) => pet.name === name)!;
}

test.describe("a shared link to an animal that is no longer available", () => {
  for (const [status, name] of [
    ["sold", SOLD_NAMES[0]!],
    ["pending", PENDING_NAMES[0]!],
  ] as const) {
    test(`a ${status} animal's link says kindly it is no longer available and shows similar animals`, async ({
      page,
      request,
    }, testInfo) => {
      const pet = await petOf(request, name, status);
      const answer = await page.goto(`/pets/${pet.id}`);
      expect(answer?.status()).toBe(200);
      await expect(page).toHaveTitle(`${name} is no longer available · Pet Store`);
      await expect(page.getByRole("heading", { level: 1, name: `${name} is no longer available` })).toBeVisible();
      await expect(page.getByRole("heading", { name: "This page could not be found" })).toHaveCount(0);
      // Nothing beyond the name and that fact: no status, no adoption details, no way to ask.
      const main = page.getByRole("main");
      await expect(main).not.toContainText(/sold|pending|reserved|adopted/i);
      await expect(page.getByRole("link", { name: /^Ask about/ })).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

      // A few available animals of the same category, each linking to its page.
      const similar = page.getByRole("list", { name: "Similar animals looking for a home" }).getByRole("listitem");
      await expect(similar).not.toHaveCount(0);
      expect(await similar.count()).toBeLessThanOrEqual(3);
      const category = (await request.get(`/v1/pets/${pet.id}`, { headers: authorization }).then((r) => r.json()))
        .categoryId as number;
      const sameCategory = AVAILABLE_NAMES.filter((_, index) => (index % 4) + 1 === category);
      for (const card of await similar.all()) {
        await expect(card).toContainText("Available");
        expect(sameCategory).toContain((await card.getByRole("link").textContent())?.trim());
      }
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, `pet-page-no-longer-available-${status}`);

      await similar.first().getByRole("link").click();
      await expect(page.getByRole("region", { name: "How to adopt" })).toBeVisible();
    });
  }

  test("unknown and malformed ids still answer 404", async ({ request }) => {
    for (const path of ["/pets/987654321", "/pets/abc", "/pets/0", "/pets/99999999999999999999"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("the same page reads without JavaScript", async ({ page, request }) => {
      const pet = await petOf(request, SOLD_NAMES[1]!, "sold");
      await page.goto(`/pets/${pet.id}`);
      await expect(
        page.getByRole("heading", { level: 1, name: `${SOLD_NAMES[1]} is no longer available` }),
      ).toBeVisible();
      await expect(
        page.getByRole("list", { name: "Similar animals looking for a home" }).getByRole("listitem").first(),
      ).toBeVisible();
    });
  });
});
