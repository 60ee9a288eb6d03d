import type { Page, Route } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";

/** The outline /docs shows before (or without) Scalar: the page's main landmark meanwhile. */
const outlineOf = (page: Page) => page.getByRole("main", { name: /^Pet Store API version/ });

/** What a developer reads in the outline: an operation, its parameters, an answer and a schema. */
async function expectTheOutline(page: Page) {
  const outline = outlineOf(page);
  await expect(outline).toBeVisible();
  const listPets = outline.getByRole("article", { name: /List all animals/ });
  await expect(listPets.getByRole("heading", { name: /GET \/v1\/pets/ })).toBeVisible();
  const parameters = listPets.getByRole("table", { name: "Parameters of listPets" });
  await expect(parameters.getByRole("row", { name: /^limit / })).toContainText("integer (1 to 100)");
  await expect(listPets.getByRole("table", { name: "Responses of listPets" })).toContainText("A paginated list");
  const getPet = outline.getByRole("article", { name: /Get an animal \(deprecated\)/ });
  await expect(getPet.getByRole("link", { name: "migration notes" })).toHaveAttribute(
    "href",
    "/docs/deprecations#get-pet",
  );
  const newPet = outline.getByRole("article", { name: "NewPet", exact: true });
  await expect(newPet.getByRole("table", { name: "Properties of NewPet" })).toContainText("categoryId");
  // Every operation of every tag is in the outline's table of contents.
  const contents = outline.getByRole("navigation", { name: "Operations" });
  for (const summary of ["List all animals", "Place an order (reserve a pet)", "Create a category"]) {
    await expect(contents.getByRole("link", { name: summary })).toBeVisible();
  }
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a developer reads every operation, its parameters and the schemas at /docs", async ({ page }) => {
    await page.goto("/docs");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    await expectTheOutline(page);
    await expect(page.getByRole("main")).toHaveCount(1);
    // The table of contents leads to the operation.
    await outlineOf(page).getByRole("link", { name: "Get an animal (deprecated)" }).click();
    await expect(page).toHaveURL(/#outline-getPet$/);
    await expectNoAxeViolations(page);
  });
});

test("on a slow connection the outline shows at once and gives way to the interactive reference", async ({ page }) => {
  // Scalar renders from /v1/openapi.json: held back, the reference cannot render yet.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/v1/openapi.json", async (route: Route) => {
    await released;
    await route.continue();
  });
  // Every layout shift the page makes, as Cumulative Layout Shift counts them.
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { layoutShifts: number[] }).layoutShifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });

  await page.goto("/docs");
  await expectTheOutline(page);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expectNoAxeViolations(page);

  release();
  await expect(page.getByRole("main", { name: "API documentation for Pet Store API" })).toBeVisible();
  await expect(outlineOf(page)).toHaveCount(0);
  await expect(page.getByRole("main")).toHaveCount(1);
  const shift = await page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
  // Lighthouse's "good" Cumulative Layout Shift is at most 0.1.
  expect(shift).toBeLessThanOrEqual(0.1);
  await expectNoAxeViolations(page);
});
