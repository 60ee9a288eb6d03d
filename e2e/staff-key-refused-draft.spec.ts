import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { NAMED_CATEGORY, STAFF_KEY } from "@/e2e/support/pets";
import { signIn, submitKey } from "@/e2e/support/staff";

test("a pet half-added when the key is refused is kept, and staff are told it was not added", async ({ page }) => {
  const name = `Draft ${randomUUID().slice(0, 6)}`;
  await signIn(page);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category", { exact: true }).fill(NAMED_CATEGORY.name);
  // The key is revoked between page load and "Add pet": the API answers 401 to the add.
  await page.route("**/v1/pets", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 401,
          contentType: "application/json",
          body: JSON.stringify({ code: "unauthorized", message: "Invalid API key", status: 401 }),
        })
      : route.fallback(),
  );
  await page.getByRole("button", { name: "Add pet" }).click();
  await expect(page.getByText("The API no longer accepts your key")).toBeVisible();
  await page.unroute("**/v1/pets");

  await submitKey(page, STAFF_KEY);
  await expect(page.getByRole("heading", { name: "Signed in as staff" })).toBeVisible();
  await expect(page.getByText(`“${name}” was not added`)).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue(NAMED_CATEGORY.name);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add pet" }).click();
  await expect(page.getByText(new RegExp(`Added ${name} \\(#\\d+\\)`))).toBeVisible();
  await expect(page.getByText(`“${name}” was not added`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
});
