import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { issueKey } from "@/e2e/support/issue-key";
import { addAnimal, placeOrder } from "@/e2e/support/orders";
import { saveScreenshot } from "@/e2e/support/screenshot";
import { petRows, signIn, submitKey } from "@/e2e/support/staff";

// Named *adoption.spec.ts: it places orders, so it runs on the adoption stories' own server (playwright.config.ts).

/** The words of an element's text that the browser drew across two lines or more. */
function wordsBrokenAcrossLines(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    // The name is the element's text, or its link's once the console links it to the record.
    const text = (node.firstElementChild instanceof HTMLAnchorElement ? node.firstElementChild : node).firstChild;
    if (!(text instanceof Text)) throw new Error("expected the name as the element's first text");
    const broken: string[] = [];
    for (const match of text.data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top));
      if (tops.size > 1) broken.push(match[0]);
    }
    return broken;
  });
}

const nameOf = (page: Page, name: string) =>
  petRows(page).filter({ hasText: name }).getByRole("rowheader").locator("span").first();

test(
  "staff read whole words in the Name column beside two buttons or the Reserve form",
  PHONE_TOO,
  async ({ page, request }, testInfo) => {
    const reserved = await addAnimal(request, "Keyboard Kim");
    await placeOrder(request, reserved.id, `Ada ${testInfo.project.name}`);
    const open = await addAnimal(request, "Sir Reginald Fluffington the Third of Applegarth");

    await signIn(page);
    const reservedRow = petRows(page).filter({ hasText: reserved.name });
    await expect(reservedRow.getByRole("button", { name: `Mark ${reserved.name} ready to go home` })).toBeVisible();
    await petRows(page)
      .filter({ hasText: open.name })
      .getByRole("button", { name: `Reserve ${open.name}` })
      .click();
    await expect(page.getByLabel(`Reserve ${open.name} for`)).toBeVisible();

    expect(await wordsBrokenAcrossLines(nameOf(page, reserved.name))).toEqual([]);
    expect(await wordsBrokenAcrossLines(nameOf(page, open.name))).toEqual([]);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "staff-names-beside-actions");
  },
);

test("with a read-only key the pets table uses the width it has", PHONE_TOO, async ({ page }, testInfo) => {
  const key = issueKey(`Reader ${testInfo.project.name}`, "pets:read");
  // The server re-reads issued keys at most every half second.
  await page.waitForTimeout(600);
  await page.goto("/staff");
  await submitKey(page, key);
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  // Measured again until it holds: the list can re-render between the check above and the
  // measurement (a fresh clone's run once found the table gone for that moment).
  await expect(async () => {
    const tableWidth = (await table.boundingBox())?.width ?? 0;
    const mainWidth = (await page.getByRole("main").boundingBox())?.width ?? Infinity;
    expect(tableWidth).toBeGreaterThan(mainWidth * 0.85);
  }).toPass();
  await expectNoAxeViolations(page);
});

test(
  "on a phone every order's actions read in full, with no hidden sideways scrolling",
  PHONE_TOO,
  async ({ page, request }, testInfo) => {
    const animal = await addAnimal(request, "Narrow");
    const adopter = `Phone Reader ${testInfo.project.name}`;
    const order = await placeOrder(request, animal.id, adopter);

    await signIn(page);
    await page.goto("/staff/orders?status=placed&limit=100");
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^#${order.id}(?!\\d)`) }) });
    await expect(row).toContainText(adopter);
    // Mark ready to go home, Cancel adoption and Add note (docs/decisions/157): every one readable in full.
    const buttons = row.getByRole("button");
    await expect(buttons).toHaveCount(3);

    const box = row.locator("xpath=ancestor::table/..");
    const overflow = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, "the orders box is wider than its room").toBeLessThanOrEqual(0);
    const viewport = page.viewportSize()!;
    for (const button of await buttons.all()) {
      const clipped = await button.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(clipped, `${await button.textContent()} is clipped`).toBe(false);
      const rect = (await button.boundingBox())!;
      expect(rect.x).toBeGreaterThanOrEqual(0);
      expect(rect.x + rect.width).toBeLessThanOrEqual(viewport.width);
    }
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "staff-orders-fit");
  },
);
