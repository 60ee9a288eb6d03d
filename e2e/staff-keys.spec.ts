import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { saveScreenshot } from "@/e2e/support/screenshot";
import { signIn } from "@/e2e/support/staff";

test("an admin issues an API key, sees its secret once and it listed, then revokes it", async ({ page }, testInfo) => {
  const name = `Shop front ${randomUUID().slice(0, 6)}`;
  await signIn(page);
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();

  await page.getByLabel("Name").fill(name);
  await page.getByRole("checkbox", { name: /^pets:read/ }).check();
  await page.getByLabel("Expires after (days, optional)").fill("30");
  await page.getByRole("button", { name: "Issue key" }).click();
  const secretPanel = page.getByRole("region", { name: /you will not see it again/ });
  await expect(secretPanel.getByRole("heading")).toBeFocused();
  expect(await secretPanel.locator("code").textContent()).toMatch(/^psk_[0-9a-f]{12}/);
  const key = page.getByRole("article", { name });
  await expect(key).toContainText("Active");
  await expect(key).toContainText("May see pets");
  // Signed in with the operator's key (PETSTORE_API_KEYS): the key it issued is the operator's too.
  await expect(key).toContainText("Issued by the operator");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "staff-keys");
  await secretPanel.getByRole("button", { name: "I have stored it" }).click();
  await expect(secretPanel).toHaveCount(0);
  await expect(page.getByLabel("Name")).toBeFocused();

  await key.getByRole("button", { name: `Revoke the key “${name}”` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke the key “${name}”?` });
  await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Revoked the key" })).toContainText(name);
  await expect(key).toContainText("Revoked");
  await expect(page.getByRole("heading", { name: "Issued keys" })).toBeFocused();
  await expect(key.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
  await expectNoAxeViolations(page, [], 'section[aria-labelledby="keys-heading"]');
});
