import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { saveScreenshot } from "@/e2e/support/screenshot";

const GALLERY_PAGE_SIZE = 12;

/** A named category no animal belongs to; a fresh id per story, so runs never collide. */
async function emptyCategory(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const id = 2_000_000 + Math.floor(Math.random() * 1_000_000);
  const name = `Tortoises ${id}`;
  const created = await request.post("/v1/categories", { data: { id, name }, headers: authorization });
  expect(created.status()).toBe(201);
  return { id, name };
}

test.describe("choosing a category", () => {
  test("an empty category says that category is empty, names it, and links to all the animals", async ({
    page,
  }, testInfo) => {
    // Category 6 has no record and no animal; 20 animals are available in the others.
    await page.goto("/?category=6");
    await expect(page.getByRole("heading", { name: "No animals are available right now" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "No animals in Category 6 right now" })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "gallery-empty-category");

    await page.getByRole("link", { name: "See all the animals looking for a home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("list", { name: "Available animals" }).getByRole("listitem")).toHaveCount(
      GALLERY_PAGE_SIZE,
    );
  });

  test("with JavaScript, choosing a category shows it at once; focus stays on the choice", async ({
    page,
    request,
  }, testInfo) => {
    const empty = await emptyCategory(request);
    await page.goto("/");
    const category = page.getByRole("combobox", { name: "Category" });
    await category.selectOption({ label: empty.name });
    // No "Show this category" press: the choice applies by itself.
    await expect(page).toHaveURL(`/?category=${empty.id}`);
    await expect(page.getByRole("heading", { level: 2, name: `No animals in ${empty.name} right now` })).toBeVisible();
    await expect(category).toHaveValue(String(empty.id));
    await expect(category).toBeFocused();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "gallery-category-applied");

    await category.selectOption({ label: "All categories" });
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("list", { name: "Available animals" }).getByRole("listitem")).toHaveCount(
      GALLERY_PAGE_SIZE,
    );
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("the choice applies with the Show these animals button", async ({ page, request }) => {
      const empty = await emptyCategory(request);
      await page.goto("/");
      await page.getByRole("combobox", { name: "Category" }).selectOption({ label: empty.name });
      await expect(page).toHaveURL("/");
      await page.getByRole("button", { name: "Show these animals" }).click();
      await expect(page).toHaveURL(`/?category=${empty.id}`);
      await expect(
        page.getByRole("heading", { level: 2, name: `No animals in ${empty.name} right now` }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "See all the animals looking for a home" })).toHaveAttribute(
        "href",
        "/",
      );
    });
  });
});
