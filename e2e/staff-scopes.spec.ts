import { expect, test } from "@/e2e/support/fixtures";
import { issueKey } from "@/e2e/support/issue-key";
import { submitKey } from "@/e2e/support/staff";

test("staff see who is signed in, and a read-only key is offered no form to add pets", async ({ page }) => {
  const key = issueKey("Front desk", "pets:read");
  // The server re-reads issued keys at most every half second.
  await page.waitForTimeout(600);
  await page.goto("/staff");
  await submitKey(page, key);
  await expect(page.getByRole("heading", { name: "Signed in as staff" })).toBeVisible();
  await expect(page.getByText("Key “Front desk” may see pets")).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByRole("button", { name: /add pet/i })).toHaveCount(0);
});
