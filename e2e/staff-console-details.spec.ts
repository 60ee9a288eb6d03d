import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { desktopOnly, expect, test } from "@/e2e/support/fixtures";
import { randomUUID } from "node:crypto";
import { AVAILABLE_NAMES, authorization } from "@/e2e/support/pets";
import { accept, invite, openKeyForm, petRows, signIn } from "@/e2e/support/staff";

async function idOf(request: APIRequestContext, name: string) {
  const pets = (await (await request.get("/v1/pets?limit=100", { headers: authorization })).json()) as {
    id: number;
    name: string;
  }[];
  return pets.find((pet) => pet.name === name)!.id;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/staff offers the sign-in form, and shows no loading skeleton that never resolves", async ({ page }) => {
    await page.goto("/staff");
    // The form works without scripts (docs/decisions/224, e2e/staff-sign-in-form.spec.ts); the other ways need them.
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page.getByText("A passkey or an API key needs JavaScript")).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toBeHidden();
    await expect(page.getByText("Loading the staff console…")).toBeHidden();
    // No axe here: it runs as a script, which this page may not run.
  });

  test("a signed-in staff member sees the animals the server listed, before any script runs", async ({
    browser,
    request,
  }) => {
    // Signed in once with scripts (the session cookie); then on a connection whose scripts never arrive.
    const name = `Slow Reader ${randomUUID().slice(0, 8)}`;
    const signedIn = await browser.newContext({ javaScriptEnabled: true });
    await accept(await signedIn.newPage(), await invite(request, "staff", name), name);
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await signedIn.storageState() });
    const page = await context.newPage();

    await page.goto(`/staff?q=${AVAILABLE_NAMES[0]}`);
    await expect(page.getByRole("heading", { name: `Signed in as ${name}` })).toBeVisible();
    await expect(petRows(page).filter({ hasText: AVAILABLE_NAMES[0]! })).toHaveCount(1);
    await expect(page.getByText("The staff console needs JavaScript")).toBeHidden();
    await Promise.all([signedIn.close(), context.close()]);
  });
});

test(
  "the header marks the current section on an animal's page and on the orders view",
  desktopOnly("the header's links are the same at every width"),
  async ({ page, request }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.goto(`/pets/${await idOf(request, AVAILABLE_NAMES[0]!)}`);
    await expect(nav.getByRole("link", { name: "Adopt" })).toHaveAttribute("aria-current", "true");
    await expect(nav.getByRole("link", { name: "Staff" })).not.toHaveAttribute("aria-current");
    await signIn(page);
    await page.goto("/staff/orders");
    await expect(nav.getByRole("link", { name: "Staff" })).toHaveAttribute("aria-current", "true");
    await page.goto("/staff");
    await expect(nav.getByRole("link", { name: "Staff" })).toHaveAttribute("aria-current", "page");
  },
);

test("the sign-in text names issued psk_ keys; signed in, the key's rights read in words", async ({ page }) => {
  await page.goto("/staff");
  await openKeyForm(page);
  await expect(page.getByText(/npm run keys create/)).toBeVisible();
  await expect(page.getByText(/psk_/)).toBeVisible();
  await signIn(page);
  await expect(
    page.getByText(
      /may see pets, add pets, see orders, manage adoptions, manage categories, follow the event feed, see webhooks, manage webhooks, place adoptions, see API keys, manage API keys, see staff accounts, manage staff accounts, read the activity record, see adoption applications, decide adoption applications, export or erase an applicant's data, see animals' medical records and record treatments and health facts/,
    ),
  ).toBeVisible();
  await expect(page.getByText("pets:read")).toHaveCount(0);
});

test("staff sign out from the orders view too", async ({ page }) => {
  await signIn(page);
  await page.goto("/staff/orders");
  await expect(page.getByLabel("Filter by status")).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You have signed out")).toBeVisible();
  // The sign-in takes the view's place, its heading focused for a screen reader.
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeFocused();
  await expectNoAxeViolations(page);
});
