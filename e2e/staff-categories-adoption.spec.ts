import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { signIn } from "@/e2e/support/staff";

// Named *adoption.spec.ts: a new category joins the gallery's choice, which gallery stories
// read, so it runs on the adoption stories' own server (playwright.config.ts).

test("staff create a category and rename it in the console", async ({ page }) => {
  const name = `Ferrets ${randomUUID().slice(0, 6)}`;
  const renamed = `Polecats ${randomUUID().slice(0, 6)}`;
  await signIn(page);
  const section = page.getByRole("region", { name: "Categories" });
  await section.getByLabel("New category", { exact: true }).fill(name);
  await section.getByRole("button", { name: "Create category" }).click();
  const created = section.getByRole("status");
  await expect(created).toHaveText(new RegExp(`^Created “${name}” \\(#\\d+\\)\\.$`));
  // Phone and desktop run side by side on one store: each story keeps to its own category.
  const id = /#(\d+)/.exec((await created.textContent()) ?? "")![1];
  const input = section.getByRole("textbox", { name: `Category #${id}`, exact: true });
  await expect(input).toHaveValue(name);
  await expectNoAxeViolations(page);

  await input.fill(renamed);
  await section.getByRole("button", { name: `Rename category #${id}`, exact: true }).click();
  await expect(section.getByRole("status")).toHaveText(`Renamed category #${id} to “${renamed}”.`);
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Categories" }).getByRole("textbox", { name: `Category #${id}`, exact: true }),
  ).toHaveValue(renamed);
});
