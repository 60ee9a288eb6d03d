import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { petRows, signIn } from "@/e2e/support/staff";

// Named *adoption.spec.ts: it sells an animal, so it runs on the adoption stories' own server (playwright.config.ts).

const notice = (page: Page) => page.getByRole("status").filter({ hasText: /Done:|Could not/ });

async function filterBy(page: Page, label: string, status: string) {
  await page.getByLabel("Filter by status").selectOption({ label });
  await expect(page).toHaveURL(new RegExp(`/staff/orders\\?status=${status}$`));
}

test("staff follow an order through the orders view: reserved → ready to go home → adopted, the filter in the URL", async ({
  page,
  request,
}) => {
  const name = `Orderly ${randomUUID().slice(0, 6)}`;
  const adopter = `Adopter ${randomUUID().slice(0, 6)}`;
  const created = await request.post("/v1/pets", { data: { name, categoryId: 1 }, headers: authorization });
  expect(created.status()).toBe(201);

  await signIn(page);
  const petRow = petRows(page).filter({ hasText: name });
  await petRow.getByRole("button", { name: `Reserve ${name}` }).click();
  await page.getByLabel(`Reserve ${name} for`).fill(adopter);
  await page.getByRole("button", { name: "Confirm reservation" }).click();
  await expect(notice(page)).toHaveText(`Done: reserve ${name} for ${adopter}.`);

  await page.getByRole("link", { name: "Orders", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await filterBy(page, "Reserved", "placed");
  const orderRow = page.getByRole("row").filter({ hasText: adopter });
  await expect(orderRow).toContainText("Reserved");
  await expectNoAxeViolations(page);

  await orderRow.getByRole("button", { name: /^Mark order #\d+ ready to go home$/ }).click();
  await expect(notice(page)).toHaveText(/^Done: mark order #\d+ ready to go home\.$/);
  // Re-read after the change: an order ready to go home is no longer reserved.
  await expect(orderRow).toHaveCount(0);

  await filterBy(page, "Ready to go home", "approved");
  await expect(orderRow).toContainText("Ready to go home");
  await page.reload();
  await expect(page.getByLabel("Filter by status")).toHaveValue("approved");
  await expect(orderRow).toContainText("Ready to go home");
  await expectNoAxeViolations(page);

  await orderRow.getByRole("button", { name: /^Complete adoption for order #\d+$/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Complete the adoption" }).click();
  await expect(notice(page)).toHaveText(/^Done: complete order #\d+\.$/);
  await filterBy(page, "Adopted", "delivered");
  await expect(orderRow).toContainText("Adopted");
  // A delivered order takes no more steps; only its note can still change (issue 22, item 3).
  await expect(orderRow.getByRole("button")).toHaveText([/^Add note for order #\d+$/]);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Back to the pets" }).click();
  await expect(petRows(page).filter({ hasText: name })).toContainText("Sold");
});
