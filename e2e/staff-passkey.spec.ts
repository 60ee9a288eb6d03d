import { expect } from "@playwright/test";
import { test } from "./support/fixtures";
import { startOwnServer, type OwnServer } from "./support/own-server";

/*
 * Passkeys (docs/decisions/188) with Chromium's virtual authenticator, driven through the
 * DevTools protocol. On a server of the story's own, so its first admin is the story's, and
 * opened at http://localhost: WebAuthn takes a host name as the site's id, never 127.0.0.1.
 */

const EMAIL = "ada@example.org";
const PASSWORD = "a long enough passphrase";
let server: OwnServer;
let port: number;

test.beforeAll(async () => {
  server = await startOwnServer({ PETSTORE_API_KEYS: "passkey-story-key-8e2d4a61c9" });
  port = server.port;
  // The first admin, through the set-up link the server printed.
  const token = /staff\/welcome#setup=([A-Za-z0-9_-]+)/.exec(server.output())?.[1];
  const site = `http://localhost:${port}`;
  const setUp = await fetch(`${site}/auth/setup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site },
    body: JSON.stringify({ token, name: "Ada Admin", email: EMAIL, password: PASSWORD }),
  });
  expect(setUp.status, await setUp.text()).toBe(200);
});

test.afterAll(() => server?.stop());

test("staff add a passkey, sign out, and sign back in with it and no password", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${port}/staff`);
  await expect(page.getByText("Passkeys need the site opened by its host name")).toBeVisible();

  const devtools = await page.context().newCDPSession(page);
  await devtools.send("WebAuthn.enable");
  await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto(`http://localhost:${port}/staff`);
  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Signed in as Ada Admin" })).toBeVisible();

  await page.getByRole("link", { name: "Your account" }).click();
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
  await passkeys.getByLabel("Passkey name").fill("Work laptop");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("status")).toHaveText("Passkey “Work laptop” added.");
  await expect(passkeys.getByRole("listitem").filter({ hasText: "Work laptop" })).toContainText("not used yet");

  await page.goto(`http://localhost:${port}/staff`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Signed in as Ada Admin" })).toBeVisible();

  await page.getByRole("link", { name: "Your account" }).click();
  await expect(passkeys.getByRole("listitem").filter({ hasText: "Work laptop" })).toContainText("last used");
  await expect(page.getByRole("listitem").filter({ hasText: "with a passkey" }).first()).toContainText("this browser");
});
