import { expect, type Page } from "@playwright/test";
import { STAFF_KEY } from "./pets";

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, path = "/staff"): Promise<void> {
  await page.goto(path);
  await page.getByLabel("API key", { exact: true }).fill(STAFF_KEY);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Signed in as staff" })).toBeVisible();
}

/** The data rows of the staff table (the header row has column headers, not cells). */
export function petRows(page: Page) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
}
