import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { NAMED_CATEGORY, authorization } from "@/e2e/support/pets";
import { saveScreenshot } from "@/e2e/support/screenshot";
import { petRows, signIn } from "@/e2e/support/staff";

test("staff pick a category by name; an unnamed id and a second pet of the same name are confirmed first", async ({
  page,
  request,
}, testInfo) => {
  // Sold, so the gallery's counts are untouched.
  const name = `Rex ${randomUUID().slice(0, 8)}`;
  const first = await request.post("/v1/pets", {
    data: { name, categoryId: NAMED_CATEGORY.id, status: "sold" },
    headers: authorization,
  });
  expect(first.status()).toBe(201);

  await signIn(page);
  await expect(petRows(page).filter({ hasText: name })).toHaveCount(1);
  const nameField = page.getByLabel("Name", { exact: true });
  const category = page.getByRole("combobox", { name: "Category", exact: true });
  const add = page.getByRole("button", { name: "Add pet" });
  await expect(category).not.toHaveAccessibleDescription(/any whole number/);

  // A name that is no category is refused in words, not as "not an integer".
  await nameField.fill(name);
  await category.fill("Cats");
  await add.click();
  await expect(category).toHaveAttribute("aria-invalid", "true");
  await expect(category).toHaveAccessibleDescription(/No category is called “Cats”/);
  await expect(category).toBeFocused();
  await expectNoAxeViolations(page);

  // So is a number past any id.
  await category.fill("12345678901234567890");
  await add.click();
  await expect(category).toHaveAccessibleDescription(/No category has the number 12345678901234567890/);

  // An id with no name is confirmed first; going back adds nothing.
  await page.getByLabel("Status (optional)").selectOption("sold");
  await category.fill("99");
  await add.click();
  const unnamed = page.getByRole("dialog", { name: `Add ${name} anyway?` });
  await expect(unnamed).toContainText("Category 99 has no name");
  await expect(unnamed).toContainText(`There is already a pet named ${name}`);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "staff-category-confirm");
  await unnamed.getByRole("button", { name: "Go back" }).click();
  await expect(unnamed).toHaveCount(0);
  await expect(category).toBeFocused();

  // A typed name resolves to its id; the second "Rex" is still confirmed before it is added.
  await category.fill(NAMED_CATEGORY.name.toLowerCase());
  await add.click();
  const duplicate = page.getByRole("dialog", { name: `Add ${name} anyway?` });
  await expect(duplicate).toContainText(`There is already a pet named ${name}`);
  await expect(duplicate).not.toContainText("has no name");
  await duplicate.getByRole("button", { name: "Add anyway" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Added ${name}` })).toBeVisible();
  const rows = petRows(page).filter({ hasText: name });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(NAMED_CATEGORY.name);
  await expectNoAxeViolations(page);
});
