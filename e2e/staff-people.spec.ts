import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { accept, invite, signIn } from "@/e2e/support/staff";

test("an admin adds a person, copies their link once, changes their role and deactivates them", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const suffix = randomUUID().slice(0, 8);
  const name = `Jo Volunteer ${suffix}`;
  const email = `jo-${suffix}@example.org`;
  await signIn(page);
  await page.getByRole("link", { name: "People" }).click();
  await expect(page.getByRole("heading", { name: "People", level: 1 })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("volunteer");
  await page.getByRole("button", { name: "Add person" }).click();
  const notice = page.getByRole("region", { name: `Sign-in link for ${name}` });
  await expect(notice).toContainText("Send this link to them yourself; it works for 7 days.");
  await expect(notice).toBeFocused();
  const link = notice.getByRole("textbox", { name: `Link for ${name}` });
  await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/staff\/welcome#invitation=[\w-]{40,}$/);
  await notice.getByRole("button", { name: "Copy link" }).click();
  await expect(notice.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  await expectNoAxeViolations(page);
  await notice.getByRole("button", { name: "Done" }).click();
  await expect(notice).toHaveCount(0);

  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Invited");
  await row.getByLabel(`Role of ${name}`).selectOption("staff");
  await row.getByRole("button", { name: `Change role of ${name}` }).click();
  await expect(page.getByText(`${name} is now staff.`)).toBeVisible();
  await expect(row.getByRole("button", { name: `Change role of ${name}` })).toHaveCount(0);

  await row.getByRole("button", { name: `Deactivate ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Deactivate ${name}?` });
  await expect(dialog).toContainText("signed out everywhere at once");
  await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(row).toContainText("Deactivated");
  await expect(row.getByRole("button", { name: `Reactivate ${name}` })).toBeVisible();
  await expect(row.getByRole("button", { name: `New invitation link for ${name}` })).toHaveCount(0);
});

test("a person choosing a common password is told why, and signs in with a better one", async ({ page, request }) => {
  const name = `Kim Staff ${randomUUID().slice(0, 8)}`;
  const link = await invite(request, "staff", name);
  await page.goto(link);
  await page.getByLabel("New password").fill("password1234");
  await page.getByLabel("The same password again").fill("password1234");
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page.getByText(/is one of the most common passwords/)).toBeVisible();
  await accept(page, link, name);
});
