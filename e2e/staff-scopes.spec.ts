import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@/e2e/support/fixtures";

/** Issues a key with `npm run keys`, as an operator would, into the e2e server's data directory. */
function issueKey(name: string, scopes: string): string {
  const output = execFileSync(
    process.execPath,
    [
      path.join("node_modules", "tsx", "dist", "cli.mjs"),
      "--conditions=react-server",
      "scripts/keys.ts",
      "create",
      "--name",
      name,
      "--scopes",
      scopes,
    ],
    { encoding: "utf8", env: { ...process.env, PETSTORE_DATA_DIR: process.env.PETSTORE_E2E_DATA_DIR } },
  );
  return output.trim().split("\n").at(-1) as string;
}

test("staff see who is signed in, and a read-only key is offered no form to add pets", async ({ page }) => {
  const key = issueKey("Front desk", "pets:read");
  // The server re-reads issued keys at most every half second.
  await page.waitForTimeout(600);
  await page.goto("/staff");
  await page.getByLabel("API key", { exact: true }).fill(key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Signed in as staff" })).toBeVisible();
  await expect(page.getByText("Key “Front desk” may see pets")).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByRole("button", { name: /add pet/i })).toHaveCount(0);
});
