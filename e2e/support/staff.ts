import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { authorization, STAFF_KEY } from "./pets";

/**
 * Signs in with the staff key through the form, as a key holder would. The list shows its
 * first page, newest first: an animal a story has just added heads it (docs/decisions/240).
 */
export async function signIn(page: Page, path = "/staff"): Promise<void> {
  await page.goto(path);
  await submitKey(page, STAFF_KEY);
  await expect(page.getByRole("heading", { name: "Signed in as staff" })).toBeVisible();
}

/** Opens the sign-in screen's key form (below the account sign-in) and sends `key`. */
export async function submitKey(page: Page, key: string): Promise<void> {
  await openKeyForm(page);
  await page.getByLabel("API key", { exact: true }).fill(key);
  await page.getByRole("button", { name: "Sign in with key" }).click();
}

export async function openKeyForm(page: Page): Promise<void> {
  const keyField = page.getByLabel("API key", { exact: true });
  if (!(await keyField.isVisible())) await page.getByText("Use an API key instead").click();
  await expect(keyField).toBeVisible();
}

/** The data rows of the staff table (the header row has column headers, not cells). */
export function petRows(page: Page) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
}

export const PASSWORD = "a passphrase of four words";

/** An account added by the admin key, as the People view would; its one-time link. */
export async function invite(request: APIRequestContext, role: string, name: string): Promise<string> {
  const email = `${name.toLowerCase().replaceAll(" ", "-")}@example.org`;
  const created = await request.post("/v1/people", { headers: authorization, data: { email, name, role } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { invitationUrl: string }).invitationUrl;
}

/** Opens the link, chooses a password and lands in the console, signed in as that person. */
export async function accept(page: Page, link: string, name: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByLabel("The same password again").fill(PASSWORD);
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page.getByRole("heading", { name: `Signed in as ${name}` })).toBeVisible();
}
