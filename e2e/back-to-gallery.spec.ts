import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { AVAILABLE_NAMES } from "@/e2e/support/pets";
import { saveScreenshot } from "@/e2e/support/screenshot";

const GALLERY_PAGE_SIZE = 12;
const BACK = "See all the animals looking for a home";
// The oldest animal, seeded first: on the gallery's second page.
const OLDEST = AVAILABLE_NAMES[0]!;
// Seeded in category 3 (seed.setup.ts files animal i under category i % 4 + 1), on the first page.
const IN_CATEGORY_3 = AVAILABLE_NAMES[10]!;

test.describe("back from an animal's page to the gallery", () => {
  test("after Show more, the way back shows the same pages again", async ({ page }, testInfo) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Show more" }).click();
    await expect(page).toHaveURL("/?pages=2");
    await page.getByRole("link", { name: OLDEST, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: OLDEST })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "pet-page-from-page-2");

    await page.getByRole("link", { name: BACK }).click();
    await expect(page).toHaveURL(/^[^?]*\/\?pages=2(#page-2)?$/);
    const animals = page.getByRole("list", { name: "Available animals" }).getByRole("listitem");
    await expect(animals.nth(GALLERY_PAGE_SIZE)).toBeVisible();
    await expect(page.getByRole("link", { name: OLDEST, exact: true })).toBeVisible();
  });

  test("from a category, the way back keeps the category", async ({ page }) => {
    await page.goto("/?category=3");
    await page.getByRole("link", { name: IN_CATEGORY_3, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: IN_CATEGORY_3 })).toBeVisible();
    await page.getByRole("link", { name: BACK }).click();
    await expect(page).toHaveURL("/?category=3");
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("3");
    await expectNoAxeViolations(page);
  });

  test("an address that says nothing of the gallery leads back to its first page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: IN_CATEGORY_3, exact: true }).click();
    await expect(page).toHaveURL(/\/pets\/\d+$/);
    await page.goto(`${page.url()}?pages=abc&category=x`);
    await expect(page.getByRole("link", { name: BACK })).toHaveAttribute("href", "/");
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("Show more, an animal, and back: the same pages", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Show more" }).click();
      await page.getByRole("link", { name: OLDEST, exact: true }).click();
      await page.getByRole("link", { name: BACK }).click();
      await expect(page).toHaveURL(/^[^?]*\/\?pages=2(#page-2)?$/);
      await expect(page.getByRole("link", { name: OLDEST, exact: true })).toBeVisible();
    });
  });
});
