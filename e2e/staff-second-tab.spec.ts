import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { STAFF_KEY } from "@/e2e/support/pets";
import { signIn, submitKey } from "@/e2e/support/staff";

test("staff sign in once per browser: a second tab is signed in, and signing out signs out both", async ({
  page,
  context,
}) => {
  await signIn(page);
  // What Ctrl+click on "Orders" does: the same browser opens the address in a new tab.
  const second = await context.newPage();
  await second.goto("/staff/orders");
  await expect(second.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(second.getByLabel("Filter by status")).toBeVisible();
  await expect(second.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
  // Handed from tab to tab, never through the URL, a cookie or localStorage.
  expect(second.url()).not.toContain(STAFF_KEY);
  expect(await second.evaluate(() => Object.values(localStorage))).not.toContain(STAFF_KEY);
  expect((await context.cookies()).map((cookie) => cookie.value)).not.toContain(STAFF_KEY);
  await expectNoAxeViolations(second);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("E-mail", { exact: true })).toBeVisible();
  await expect(second.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(await second.evaluate(() => Object.values(sessionStorage))).not.toContain(STAFF_KEY);
});

test("a view opened signed out offers the sign-in in place, and shows itself once signed in", async ({ page }) => {
  await page.goto("/staff/orders");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expectNoAxeViolations(page);
  await submitKey(page, STAFF_KEY);
  await expect(page.getByLabel("Filter by status")).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/orders$/);

  // The other views of this tab use the same sign-in.
  await page.goto("/staff/webhooks");
  await expect(page.getByRole("button", { name: "Add endpoint" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
});
