import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { addAnimal } from "@/e2e/support/orders";
import { saveScreenshot } from "@/e2e/support/screenshot";
import { petRows, signIn } from "@/e2e/support/staff";

// Named *adoption.spec.ts: it adds an animal, so it runs on the adoption stories' own server (playwright.config.ts).

/** The server is down: every request from the page fails as a refused connection would. */
async function stopServer(page: Page) {
  await page.route("**/*", (route) => route.abort("connectionrefused"));
}

// The list's own notice (an action's or the form's message stays until the next one).
const outage = (page: Page) => page.getByRole("status").filter({ hasText: /server cannot be reached.*as last loaded/ });

test("when the server cannot be reached, staff keep the list, are told nothing changed, and it recovers by itself", async ({
  page,
  request,
  browserErrors,
}, testInfo) => {
  const animal = await addAnimal(request, "Outage");
  await signIn(page);
  const rows = petRows(page);
  const row = rows.filter({ hasText: animal.name });
  await expect(row).toContainText("Available");
  const shown = await rows.count();

  await stopServer(page);

  // A failed action: the list stays, and the notice says in plain words what happened.
  await row.getByRole("button", { name: `Reserve ${animal.name}` }).click();
  await page.getByLabel(`Reserve ${animal.name} for`).fill("Offline Olive");
  await page.getByRole("button", { name: "Confirm reservation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Could not" })).toHaveText(
    /server cannot be reached.*Nothing was changed/,
  );
  await expect(row).toContainText("Available");
  await expect(rows).toHaveCount(shown);
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toHaveCount(0);

  // A failed add says the same, and keeps what was typed.
  await page.getByLabel("Name", { exact: true }).fill(`Draft ${testInfo.project.name}`);
  await page.getByLabel("Category", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Add pet" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "was not added" })).toHaveText(
    /server cannot be reached.*not added/i,
  );
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`Draft ${testInfo.project.name}`);
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);

  // A filter change stays on this page: the address changes, the last list stays, with a word why.
  await page.getByRole("combobox", { name: "Filter by status", exact: true }).selectOption("sold");
  await expect(page).toHaveURL("/staff?status=sold");
  await expect(page.getByRole("heading", { level: 1, name: "Staff console" })).toBeVisible();
  await expect(outage(page)).toBeVisible();
  await expect(rows.first()).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "staff-outage");

  // The server is back: the console retries by itself and shows the chosen view.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await expect(rows.filter({ hasNotText: "Sold" })).toHaveCount(0, { timeout: 20_000 });
  await expect(rows.first()).toBeVisible();
  await expect(outage(page)).toHaveCount(0);

  // Chromium logs each refused request; this story provoked them on purpose.
  const refused = /net::ERR_CONNECTION_REFUSED/;
  browserErrors.splice(0, browserErrors.length, ...browserErrors.filter((text) => !refused.test(text)));
});
