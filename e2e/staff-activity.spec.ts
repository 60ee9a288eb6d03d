import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { issueKey } from "@/e2e/support/issue-key";
import { saveScreenshot } from "@/e2e/support/screenshot";
import { signIn } from "@/e2e/support/staff";

test("staff see which key changed an animal, from what to what, and narrow the activity to that animal", async ({
  page,
  request,
}, testInfo) => {
  // The front desk's machine makes the changes with a key of its own.
  const key = issueKey("Front desk machine", "pets:read,pets:write");
  const keyId = key.slice("psk_".length, "psk_".length + 12);
  const headers = { Authorization: `Bearer ${key}` };
  // The server re-reads issued keys at most every half second.
  await page.waitForTimeout(600);
  const name = `Audit ${randomUUID().slice(0, 6)}`;
  const created = await request.post("/v1/pets", { headers, data: { name, categoryId: 1 } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const moved = await request.patch(`/v1/pets/${id}`, {
    headers: { ...headers, "Content-Type": "application/merge-patch+json" },
    data: JSON.stringify({ status: "pending", reason: "Meeting a family on Saturday" }),
  });
  expect(moved.status()).toBe(200);

  await signIn(page);
  await page.getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  const changes = page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem");
  const statusChange = changes.filter({ hasText: `${name}: status available → pending` });
  await expect(statusChange).toContainText(`by API key ${keyId}`);

  await page.getByLabel("Animal or record").fill(String(id));
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/activity\\?resource=pet%3A${id}$`));
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(0)).toContainText(`${name}: status available → pending`);
  await expect(changes.nth(1)).toContainText(`${name}: A pet was added`);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(changes).toHaveCount(2);
  await expect(page.getByLabel("Animal or record")).toHaveValue(String(id));
  await saveScreenshot(page, testInfo, "staff-activity");

  // Each entry's actor leads to that key's changes (here: of this animal still).
  await changes
    .nth(0)
    .getByRole("link", { name: `API key ${keyId} (show only their changes)` })
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?actor=api_key%3A${keyId}&resource=pet%3A${id}$`));
  await expect(page.getByRole("textbox", { name: "Who", exact: true })).toHaveValue(`api_key:${keyId}`);
  await expect(changes).toHaveCount(2);
});
