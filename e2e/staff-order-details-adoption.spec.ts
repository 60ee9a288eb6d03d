import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { petRows, signIn } from "@/e2e/support/staff";

// Issue 22, item 3. Named *adoption.spec.ts: it reserves an animal, so it runs on the
// adoption stories' own server (playwright.config.ts).

const notice = (page: Page) => page.getByRole("status").filter({ hasText: /Done:|Could not/ });

test("staff see who a pet is reserved for, and the orders view names the pet, shows both times and keeps a note", async ({
  page,
  request,
}) => {
  const name = `Noted ${randomUUID().slice(0, 6)}`;
  const adopter = `Jo ${randomUUID().slice(0, 6)}`;
  const created = await request.post("/v1/pets", { data: { name, categoryId: 1 }, headers: authorization });
  const { id: petId } = (await created.json()) as { id: number };
  const placed = await request.post("/v1/store/orders", {
    data: { petId, adopter, note: "Collects on Saturday" },
    headers: authorization,
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: number; placedAt: string };

  await signIn(page);
  const petRow = petRows(page).filter({ hasText: name });
  await expect(petRow.getByText(`Reserved for ${adopter}`).locator("visible=true")).toBeVisible();

  await page.goto("/staff/orders?limit=100");
  const orderRow = page.getByRole("row").filter({ hasText: adopter });
  await expect(orderRow).toContainText(name);
  await expect(orderRow).not.toContainText(`pet #${petId}`);
  await expect(orderRow.locator("time").first()).toHaveAttribute("datetime", order.placedAt);
  await expect(orderRow.locator("time").first()).toBeVisible();
  await expect(orderRow.getByText("Note: Collects on Saturday")).toBeVisible();
  await expectNoAxeViolations(page);

  await orderRow.getByRole("button", { name: `Edit note for order #${order.id}` }).click();
  await orderRow.getByLabel(`Note for order #${order.id}`).fill("Collects on Sunday instead");
  await expectNoAxeViolations(page);
  await orderRow.getByRole("button", { name: "Save note" }).click();
  await expect(notice(page)).toHaveText(`Done: note saved for order #${order.id}.`);
  await expect(orderRow.getByText("Note: Collects on Sunday instead")).toBeVisible();
  // The change moved updatedAt, which the row shows as a second time.
  await expect(orderRow.locator("time")).toHaveCount(2);
  const saved = await request.get(`/v1/store/orders/${order.id}`, { headers: authorization });
  expect(((await saved.json()) as { note: string }).note).toBe("Collects on Sunday instead");
  await expectNoAxeViolations(page);
});
