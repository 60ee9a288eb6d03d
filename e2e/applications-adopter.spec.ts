import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { PHONE_TOO, expect, test } from "@/e2e/support/fixtures";
import { AVAILABLE_NAMES, authorization } from "@/e2e/support/pets";
import { saveScreenshot } from "@/e2e/support/screenshot";
import { formatDay } from "@/lib/dates/format-time";

// Issue 26: the adopter's side works with no JavaScript at all (docs/decisions/195).
// en-US: the status page writes its dates in the reader's language (Accept-Language).
test.use({ javaScriptEnabled: false, locale: "en-US" });

const NAME = AVAILABLE_NAMES[8]!;

/**
 * axe runs in the page, which this story's adopter has no JavaScript for: the page the adopter
 * sees (a POST's answer included) is scanned as it is, served again at an address of the same
 * site to a page with JavaScript on.
 */
async function expectAccessible(browser: Browser, seen: Page): Promise<void> {
  const html = await seen.content();
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: seen.viewportSize() });
  try {
    const scanned = await context.newPage();
    await scanned.route(
      (url) => url.pathname === "/axe-scan",
      (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }),
    );
    await scanned.goto(new URL("/axe-scan", seen.url()).href);
    await expectNoAxeViolations(scanned);
  } finally {
    await context.close();
  }
}

test(
  "an adopter applies for an animal without JavaScript, corrects a mistake, keeps the private link and withdraws",
  PHONE_TOO,
  async ({ browser, page, request }, testInfo) => {
    const pets = (await (
      await request.get("/v1/pets?status=available&limit=100", { headers: authorization })
    ).json()) as { id: number; name: string }[];
    const pet = pets.find((candidate) => candidate.name === NAME)!;
    await page.goto(`/pets/${pet.id}`);
    await page.getByRole("link", { name: `Apply to adopt ${NAME}` }).click();
    await expect(page).toHaveTitle(`Apply to adopt ${NAME} · Pet Store`);

    await page.getByLabel("Your name").fill("Grace Hopper");
    await page.getByLabel("E-mail", { exact: true }).fill(`grace-${testInfo.project.name}-${Date.now()}@example.org`);
    await page.getByLabel("Adults at home").fill("2");
    await page.getByLabel("Children's ages").fill("7");
    await page.getByRole("radio", { name: "A flat" }).check();
    // The landlord's question appears only for renters, by CSS alone.
    const landlord = page.getByRole("group", { name: "Landlord's consent" });
    await expect(landlord).toBeHidden();
    await page.getByRole("radio", { name: "We rent it" }).check();
    await expect(landlord).toBeVisible();
    await page.getByRole("radio", { name: "A shared garden" }).check();
    await page.getByLabel("Hours alone on a usual day").fill("4");
    await page.getByLabel("Why this animal").fill(`${NAME} sat with my daughter for an hour.`);
    await page.getByRole("checkbox", { name: /The shelter may contact me/ }).check();
    await page.getByRole("button", { name: "Send my application" }).click();

    // The mistake: the landlord's consent was left out. The answers come back with the error.
    await expect(page).toHaveTitle(`Error: Apply to adopt ${NAME} · Pet Store`);
    const summary = page.getByRole("heading", { name: "There is a problem with your application" });
    await expect(summary).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue("Grace Hopper");
    await expect(page.getByRole("radio", { name: "We rent it" })).toBeChecked();
    await expect(landlord).toHaveAccessibleDescription("Landlord's consent is required when you rent.");
    await expectAccessible(browser, page);
    await saveScreenshot(page, testInfo, "application-form-with-an-error");
    await page.getByRole("link", { name: "Landlord's consent is required when you rent." }).click();
    await expect(page).toHaveURL(/#field-landlordConsent$/);
    await landlord.getByRole("radio", { name: "Yes, in writing" }).check();
    await page.getByRole("button", { name: "Send my application" }).click();

    // The confirmation: a reference, and the private link this page's address is.
    await expect(
      page.getByRole("heading", { level: 1, name: `Thank you: your application for ${NAME} is in` }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/applications\/[A-Za-z0-9_-]{43}\?submitted$/);
    await expect(page.getByText("We could not e-mail you: keep this link.")).toBeVisible();
    await expect(
      page.getByRole("definition").filter({ hasText: formatDay(new Date().toISOString(), "en-US", "UTC") }),
    ).not.toHaveCount(0);
    await expect(page.getByText(/^A-[0-9A-Z]{4}-[0-9A-Z]{4}$/).first()).toBeVisible();
    await expectAccessible(browser, page);
    await saveScreenshot(page, testInfo, "application-confirmation");

    // Later, the adopter opens the link: the state in words, and a way to withdraw.
    const link = page.url().replace(/\?submitted$/, "");
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: `Your application to adopt ${NAME}` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Received" })).toBeVisible();
    await page.getByRole("button", { name: "Withdraw my application" }).click();
    await expect(page.getByRole("heading", { name: "Withdraw your application?" })).toBeVisible();
    await expectAccessible(browser, page);
    await page.getByRole("button", { name: "Yes, withdraw it" }).click();
    await expect(page).toHaveURL(link);
    await expect(page.getByRole("heading", { level: 2, name: "Withdrawn" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Withdraw my application" })).toHaveCount(0);
  },
);

test("an approved adopter follows their animal from their private link and reads that it is reserved for them", async ({
  page,
  request,
}, testInfo) => {
  const name = `Held ${testInfo.project.name} ${Date.now()}`;
  const created = await request.post("/v1/pets", { headers: authorization, data: { name, categoryId: 1 } });
  expect(created.status()).toBe(201);
  const pet = (await created.json()) as { id: number };

  await page.goto(`/pets/${pet.id}/apply`);
  await page.getByLabel("Your name").fill("Ada Held");
  await page.getByLabel("E-mail", { exact: true }).fill(`held-${testInfo.project.name}-${Date.now()}@example.org`);
  await page.getByLabel("Adults at home").fill("1");
  await page.getByRole("radio", { name: "A house" }).check();
  await page.getByRole("radio", { name: "We own it" }).check();
  await page.getByRole("radio", { name: "A garden of our own" }).check();
  await page.getByLabel("Hours alone on a usual day").fill("2");
  await page.getByLabel("Why this animal").fill("We met at the open day.");
  await page.getByRole("checkbox", { name: /The shelter may contact me/ }).check();
  await page.getByRole("button", { name: "Send my application" }).click();
  await expect(page).toHaveURL(/\/applications\/[A-Za-z0-9_-]{43}\?submitted$/);
  const link = page.url().replace(/\?submitted$/, "");

  // Staff approve it: the order holds the animal, whose public page now says it is gone.
  const [application] = (await (
    await request.get(`/v1/applications?petId=${pet.id}`, { headers: authorization })
  ).json()) as { id: number }[];
  const approved = await request.patch(`/v1/applications/${application!.id}`, {
    headers: authorization,
    data: { state: "approved" },
  });
  expect(approved.status()).toBe(200);
  await page.goto(`/pets/${pet.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `${name} is no longer available` })).toBeVisible();

  // The holder, from their link, is told the truth for them.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 2, name: "Approved" })).toBeVisible();
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Reserved for you" })).toBeVisible();
  await expect(page.getByRole("link", { name: `Apply to adopt ${name}` })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to your application" }).click();
  await expect(page).toHaveURL(link);
});
