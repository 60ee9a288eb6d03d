import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { holdScripts } from "@/e2e/support/hold-scripts";
import { accept, invite, PASSWORD, petRows } from "@/e2e/support/staff";

/**
 * Issue 40, item 16: a signed-out visitor of /staff gets the sign-in form from the server, a
 * real form that signs in before the console's script has arrived, or without JavaScript at
 * all (docs/decisions/224). A refusal shows the form again with the reason and the e-mail.
 */

/** A person whose password is set (through their link, in a browser with scripts): their e-mail. */
async function personWithPassword(browser: import("@playwright/test").Browser, name: string): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const request = context.request;
  const link = await invite(request, "staff", name);
  await accept(await context.newPage(), link, name);
  await context.close();
  return `${name.toLowerCase().replaceAll(" ", "-")}@example.org`;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "a person signs in from /staff; a wrong password keeps the e-mail and says why",
    PHONE_TOO,
    async ({ browser, page }) => {
      const name = `Form Signer ${randomUUID().slice(0, 8)}`;
      const email = await personWithPassword(browser, name);

      await page.goto("/staff");
      await expect(page.getByRole("heading", { name: "Sign in", exact: true })).toBeVisible();
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("not the passphrase");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();

      await expect(page).toHaveURL(/\/staff\/sign-in$/);
      await expect(page).toHaveTitle(/^Error: /);
      await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
        "The e-mail or password is not right, or the account is not active.",
      );
      await expect(page.getByLabel("E-mail")).toHaveValue(email);
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(/\/staff$/);
      await expect(page.getByRole("heading", { name: `Signed in as ${name}` })).toBeVisible();
      await expect(petRows(page).first()).toBeVisible(); // the list, as the server read it
    },
  );
});

test("the sign-in form works before the console's script has arrived", async ({ browser, page }) => {
  const name = `Early Signer ${randomUUID().slice(0, 8)}`;
  const email = await personWithPassword(browser, name);
  // Every script held, as a very slow connection would: what shows is what the server sent.
  const release = await holdScripts(page);
  await page.goto("/staff", { waitUntil: "commit" });
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.getByText("Use an API key instead")).toHaveCount(0); // a key is never posted by the browser
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Signed in as ${name}` })).toBeVisible();

  release();
  // The console takes over with the session the form opened.
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible({ timeout: 30_000 });
});

test("the server's sign-in form and its refusal page pass axe", async ({ page }) => {
  await page.goto("/staff");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.getByText("Use an API key instead")).toBeVisible(); // the console's script has run
  await expectNoAxeViolations(page);

  await page.goto("/staff/sign-in");
  await page.getByLabel("E-mail").fill("nobody@example.org");
  await page.getByLabel("Password", { exact: true }).fill("whatever it is");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByLabel("E-mail")).toHaveValue("nobody@example.org");
  await expect(page.getByText("The e-mail or password is not right")).toBeVisible();
  await expectNoAxeViolations(page);
});
