import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { STAFF_KEY } from "@/e2e/support/pets";
import { signIn } from "@/e2e/support/staff";

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
  await expect(second.getByText("Sign in at the")).toHaveCount(0);
  // Handed from tab to tab, never through the URL, a cookie or localStorage.
  expect(second.url()).not.toContain(STAFF_KEY);
  expect(await second.evaluate(() => Object.values(localStorage))).not.toContain(STAFF_KEY);
  expect((await context.cookies()).map((cookie) => cookie.value)).not.toContain(STAFF_KEY);
  await expectNoAxeViolations(second);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("E-mail", { exact: true })).toBeVisible();
  await expect(second.getByText("Sign in at the")).toBeVisible();
  expect(await second.evaluate(() => Object.values(sessionStorage))).not.toContain(STAFF_KEY);
});

test("a tab opened with no other tab signed in asks for the key", async ({ page }) => {
  await page.goto("/staff/orders");
  await expect(page.getByText("Sign in at the")).toBeVisible();
});
