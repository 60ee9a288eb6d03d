import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { LONG_NAMES } from "@/e2e/support/pets";
import { saveScreenshot } from "@/e2e/support/screenshot";
import { petRows, signIn } from "@/e2e/support/staff";

/** True when the page is wider than the window, so it would scroll sideways. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** The text shows in full: no "…", and no box around it hides or scrolls part of it away. */
async function expectFullyShown(page: Page, text: string) {
  const element = page.getByText(text, { exact: true }).first();
  await expect(element).toBeVisible();
  const clipped = await element.evaluate((node) => {
    for (let box: Element | null = node; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.textOverflow === "ellipsis" && box.scrollWidth > box.clientWidth) return true;
      if (style.overflowX !== "visible" && box.scrollWidth > box.clientWidth) return true;
    }
    return false;
  });
  expect(clipped, `"${text.slice(0, 20)}…" is cut off`).toBe(false);
}

test.describe("long names and narrow screens", () => {
  test(
    "100-character names read in full in the gallery, on their page and in the staff list, with no sideways scroll",
    PHONE_TOO,
    async ({ page }, testInfo) => {
      const width = page.viewportSize()!.width;
      for (const viewport of [width, 320]) {
        await page.setViewportSize({ width: viewport, height: 740 });
        await page.goto("/");
        for (const name of LONG_NAMES) await expectFullyShown(page, name);
        expect(await scrollsSideways(page), `/ at ${viewport} px`).toBe(false);

        await page.getByRole("link", { name: LONG_NAMES[1], exact: true }).click();
        await expect(page.getByRole("heading", { level: 1, name: LONG_NAMES[1] })).toBeVisible();
        await expectFullyShown(page, LONG_NAMES[1]!);
        expect(await scrollsSideways(page), `pet page at ${viewport} px`).toBe(false);
      }
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, "long-name-pet-page-320");

      await page.goto("/");
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, "long-names-gallery-320");

      await signIn(page);
      for (const name of LONG_NAMES) {
        // Found by name: the stories running beside this one add animals, which can push a
        // seeded animal off the list's first page of newest.
        await page.goto(`/staff?q=${encodeURIComponent(name.slice(0, 20))}`);
        await expect(petRows(page).filter({ hasText: name })).toHaveCount(1);
        await expectFullyShown(page, name);
        expect(await scrollsSideways(page), "/staff at 320 px").toBe(false);
      }
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, "long-names-staff-320");
    },
  );

  test("the focused skip link does not cover the logo", PHONE_TOO, async ({ page }, testInfo) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    const logo = page.getByRole("link", { name: "Pet Store", exact: true });
    const [a, b] = [(await skip.boundingBox())!, (await logo.boundingBox())!];
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "skip-link-focused");

    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    // Skipping lands in the main content: the next stop is its first control, the
    // category filter; past the rest of the filter form comes the first animal.
    await expect(page.getByRole("combobox", { name: "Category" })).toBeFocused();
    const filters = page.getByRole("search", { name: "Find an animal" });
    const inFilters = () => filters.evaluate((form) => form.contains(document.activeElement));
    for (let stops = 0; stops < 20 && (await inFilters()); stops++) await page.keyboard.press("Tab");
    await expect(page.locator("main li a").first()).toBeFocused();
  });
});
