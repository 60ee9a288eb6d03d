import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { petRows, signIn } from "@/e2e/support/staff";

// Named *adoption.spec.ts: it reserves an animal, so it runs on the adoption stories' own server (playwright.config.ts).

test("Escape closes the inline Reserve form, and focus stays in the pet's row after each step", async ({
  page,
  request,
}) => {
  const name = `Keyed ${randomUUID().slice(0, 6)}`;
  const created = await request.post("/v1/pets", { data: { name, categoryId: 1 }, headers: authorization });
  expect(created.status()).toBe(201);
  await signIn(page);
  const row = petRows(page).filter({ hasText: name });
  const reserve = row.getByRole("button", { name: `Reserve ${name}` });

  await reserve.click();
  const adopter = page.getByLabel(`Reserve ${name} for`);
  await expect(adopter).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(adopter).toHaveCount(0);
  await expect(reserve).toBeFocused();

  await reserve.click();
  await adopter.fill("Kim Keys");
  await page.getByRole("button", { name: "Confirm reservation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toHaveText(`Done: reserve ${name} for Kim Keys.`);
  // The row's next action, not the page, has focus.
  await expect(row.getByRole("button", { name: `Mark ${name} ready to go home` })).toBeFocused();
  await expectNoAxeViolations(page);
});
