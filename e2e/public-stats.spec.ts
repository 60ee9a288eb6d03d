import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { sidewaysScroll } from "@/e2e/support/layout-checks";
import { authorization } from "@/e2e/support/pets";
import { createPet } from "@/e2e/support/record";
import { saveScreenshot } from "@/e2e/support/screenshot";

/*
 * The public statistics page (issue 42): read on a phone with JavaScript off, its links and
 * tables reached by keyboard, and axe clean. One story for all three (the suite's time),
 * on the desktop project with a phone's screen of its own.
 */

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
test.use({ ...PHONE, javaScriptEnabled: false });

/** The month before this one (UTC, the test server's zone): the page's last month. */
function lastFullMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** Presses Tab until `target` has focus, at most `presses` times. */
async function tabTo(page: Page, target: Locator, presses = 12): Promise<void> {
  for (let press = 1; press < presses; press++) {
    await page.keyboard.press("Tab");
    if (
      await expect(target)
        .toBeFocused({ timeout: 100 })
        .then(
          () => true,
          () => false,
        )
    )
      return;
  }
  await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
}

test("the shelter's numbers read on a phone without JavaScript, by keyboard, and pass axe", async ({
  page,
  browser,
  request,
}, testInfo) => {
  // An animal that arrived last month and left a few days later: the page has a month to draw.
  const pet = await createPet(request, "Statistic");
  const stays = await (await request.get(`/v1/pets/${pet.id}/stays`, { headers: authorization })).json();
  const month = lastFullMonth();
  const intake = { at: `${month}-10T12:00:00Z`, type: "stray", condition: "healthy", sourceKind: "unknown" };
  const opened = await request.post(`/v1/pets/${pet.id}/stays`, { headers: authorization, data: intake });
  expect(opened.ok(), await opened.text()).toBe(true);
  const left = await request.post(`/v1/stays/${stays[0].id}/outcome`, {
    headers: authorization,
    data: { at: `${month}-14T12:00:00Z`, type: "returned_to_owner" },
  });
  expect(left.ok(), await left.text()).toBe(true);

  const answer = await page.goto("/stats");
  expect(answer?.status()).toBe(200);
  await expect(page).toHaveTitle("The shelter's numbers · Pet Store");
  await expect(page.getByRole("heading", { level: 1, name: "The shelter’s numbers" })).toBeVisible();
  for (const name of ["Live release rate", "Length of stay", "Intakes and outcomes each month", "Basic Data Matrix"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  // The chart is an image named by its title; its numbers are in the table beside it.
  await expect(page.getByRole("img", { name: /^Intakes and outcomes per month, / })).toBeVisible();
  const trend = page.getByRole("table", { name: "Intakes and outcomes by month" });
  await expect(trend.getByRole("row")).toHaveCount(13);
  const monthRow = trend.getByRole("row").last();
  await expect(monthRow.getByRole("cell").first()).not.toHaveText("0");
  await expect(page.getByRole("table", { name: /^Basic Data Matrix, All species: / })).toBeVisible();
  expect(await sidewaysScroll(page), "the page scrolls sideways on a phone").toBe(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "The shelter’s numbers" })).toBeVisible();
  await saveScreenshot(page, testInfo, "public-stats-phone-no-js");

  // By keyboard: the downloads, then each table's scrolling frame, then a species' matrix.
  const csv = page.getByRole("link", { name: "Download the matrix by month (CSV)" });
  await tabTo(page, csv);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Download every figure (JSON)" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("region", { name: "Live release rate by species" })).toBeFocused();
  const species = page.locator("summary").first();
  await tabTo(page, species);
  await page.keyboard.press("Enter");
  await expect(page.locator("details").first().getByRole("table")).toBeVisible();

  // axe runs as a script in the page: the same HTML with JavaScript on, every species open.
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: true });
  const checked = await context.newPage();
  await checked.goto("/stats");
  await checked
    .locator("details")
    .evaluateAll((all) => all.forEach((each) => ((each as HTMLDetailsElement).open = true)));
  await expectNoAxeViolations(checked);
  await context.close();
});
