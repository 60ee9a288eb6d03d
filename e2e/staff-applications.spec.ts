import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { desktopOnly, expect, test } from "@/e2e/support/fixtures";
import { addAnimal } from "@/e2e/support/orders";
import { authorization } from "@/e2e/support/pets";
import { accept, invite, petRows, signIn } from "@/e2e/support/staff";
import { formatTime } from "@/lib/dates/format-time";

/** An application staff took by phone, entered over the API (the adopters' form is its own story). */
async function applyFor(request: APIRequestContext, petId: number, name: string) {
  const answers = {
    name,
    email: `${name.toLowerCase().replaceAll(" ", ".")}@example.org`,
    adults: 2,
    childrenAges: [],
    otherAnimals: "An old cat",
    homeType: "house",
    tenure: "own",
    garden: "private",
    hoursAlone: 2,
    experience: "Two dogs before",
    whyThisAnimal: `${name} fell for the photo`,
    consentToContact: true,
  };
  const response = await request.post("/v1/applications", { headers: authorization, data: { petId, answers } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; reference: string; submittedAt: string };
}

/** An application in the queue, by its heading: "<adopter> for <animal>". */
const card = (page: Page, adopter: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: new RegExp(`^${adopter} for `) }) });

test(
  "staff approve one application, keep another as a backup and decline a third; a volunteer reads them but may not decide",
  desktopOnly("deciding goes the same on a phone; staff-views-narrow checks the queue's width"),
  async ({ page, request }) => {
    const suffix = randomUUID().slice(0, 6);
    const rex = await addAnimal(request, "Rex");
    const [ada, ben, cy] = ["Ada", "Ben", "Cy"].map((first) => `${first} Adopter ${suffix}`) as [
      string,
      string,
      string,
    ];
    const approved = await applyFor(request, rex.id, ada);
    await applyFor(request, rex.id, ben);
    const declined = await applyFor(request, rex.id, cy);
    const volunteerLink = await invite(request, "volunteer", `Vera Volunteer ${suffix}`);

    // The queue opens on new applications; staff narrow it to Rex and read Ada's answers.
    await signIn(page);
    await page.getByRole("link", { name: "Applications" }).click();
    await expect(page.getByRole("button", { name: "Submitted", exact: true, pressed: true })).toBeVisible();
    await page.getByLabel("Animal").selectOption({ label: rex.name });
    await expect(page.getByRole("article")).toHaveCount(3);
    await card(page, ada).getByText(`Answers of ${approved.reference}`).click();
    await expect(card(page, ada).getByText(`${ada} fell for the photo`)).toBeVisible();
    await expect(card(page, ada).getByText("A house. They own it")).toBeVisible();
    await expectNoAxeViolations(page);

    // Approving places the order: Rex is pending, and Ben waits as a backup.
    await card(page, ada)
      .getByRole("button", { name: `Approve ${approved.reference}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: `${approved.reference} is approved` })).toBeVisible();
    await expect(card(page, ada)).toHaveCount(0);
    await expect(card(page, ben).getByText(`Backup: ${rex.name} is held by ${approved.reference}.`)).toBeVisible();
    await expect(card(page, ben)).toContainText(`${rex.name} is pending`);
    await expect(card(page, ben).getByRole("button", { name: /^Approve / })).toHaveCount(0);

    // Declining asks for a reason, which the declined tab shows.
    await card(page, cy)
      .getByRole("button", { name: `Decline ${declined.reference}` })
      .click();
    const dialog = page.getByRole("dialog", { name: `Decline ${declined.reference} for ${rex.name}?` });
    await dialog.getByRole("button", { name: "Decline", exact: true }).click();
    await expect(dialog.getByText("Write a reason first.")).toBeVisible();
    await dialog.getByLabel("Why is it declined?").fill("Looking for a home with no stairs");
    await dialog.getByRole("button", { name: "Decline", exact: true }).click();
    await expect(card(page, cy)).toHaveCount(0);
    await page.getByRole("button", { name: "Declined", exact: true }).click();
    await expect(card(page, cy)).toContainText("Declined because: Looking for a home with no stairs");
    await page.getByRole("button", { name: "Approved", exact: true }).click();
    await expect(card(page, ada)).toContainText(`holds ${rex.name} for this adopter`);

    // A volunteer reads the queue and the answers, and is offered no decision.
    await page.getByRole("link", { name: "Back to the pets" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await accept(page, volunteerLink, `Vera Volunteer ${suffix}`);
    await page.getByRole("link", { name: "Applications" }).click();
    await page.getByLabel("Animal").selectOption({ label: rex.name });
    await expect(card(page, ben)).toBeVisible();
    await card(page, ben)
      .getByText(/^Answers/)
      .click();
    await expect(card(page, ben).getByText(`${ben} fell for the photo`)).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Approve|Decline|Withdraw|Start review) / })).toHaveCount(0);
    await expect(page.getByLabel(/^Add a note/)).toHaveCount(0);
  },
);

test("an application is approved once: its order and the animal's row name the next steps, and notes carry the author's name", async ({
  page,
  request,
}) => {
  const suffix = randomUUID().slice(0, 6);
  const pip = await addAnimal(request, "Pip");
  const adopter = `Dee Adopter ${suffix}`;
  const application = await applyFor(request, pip.id, adopter);
  const staffName = `Sam Staff ${suffix}`;
  const staffLink = await invite(request, "staff", staffName);

  // A staff member signs in, writes a note (signed with her name, not her account's id) and approves.
  await accept(page, staffLink, staffName);
  await page.getByRole("link", { name: "Applications" }).click();
  await page.getByLabel("Animal").selectOption({ label: pip.name });
  await card(page, adopter).getByLabel(`Add a note to ${application.reference}`).fill("Called them back");
  await card(page, adopter)
    .getByRole("button", { name: /^Save note/ })
    .click();
  await expect(card(page, adopter).getByText("Called them back")).toBeVisible();
  await expect(card(page, adopter).getByText(new RegExp(`^${staffName}, `))).toBeVisible();
  await expect(card(page, adopter).getByText(/person per_/)).toHaveCount(0);
  await card(page, adopter)
    .getByRole("button", { name: `Approve ${application.reference}` })
    .click();
  await page.getByRole("button", { name: "Approved", exact: true }).click();
  await expect(card(page, adopter)).toContainText("ready to go home");

  // The animal's row: no second "Approve", the next step in words.
  await page.getByRole("link", { name: "Back to the pets" }).click();
  const row = petRows(page).filter({ hasText: pip.name });
  await expect(row).toContainText(`Reserved for Application ${application.reference}`);
  await expect(row.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await row.getByRole("button", { name: `Mark ${pip.name} ready to go home` }).click();
  await expect(row.getByRole("button", { name: `Complete adoption of ${pip.name}` })).toBeVisible();

  // The orders view says the same.
  await page.getByRole("link", { name: "Orders", exact: true }).click();
  const orderRow = page.getByRole("row").filter({ hasText: application.reference });
  await expect(orderRow).toContainText("Ready to go home");
  await expect(orderRow.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await expect(orderRow.getByRole("button", { name: /^Complete adoption for order #/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("in a British browser", () => {
  test.use({ locale: "en-GB", timezoneId: "UTC" });

  test("staff read dates in one format, the activity in words with applications by reference, and empty states in English", async ({
    page,
    request,
  }) => {
    const suffix = randomUUID().slice(0, 6);
    const dot = await addAnimal(request, "Dot");
    const adopter = `Eve Adopter ${suffix}`;
    const application = await applyFor(request, dot.id, adopter);
    const hook = await request.post("/v1/webhooks", {
      headers: authorization,
      data: { url: `http://127.0.0.1:9/words-${suffix}`, description: `Words ${suffix}` },
    });
    expect(hook.status(), await hook.text()).toBe(201);
    const { id: hookId } = (await hook.json()) as { id: string };
    const rotated = await request.post(`/v1/webhooks/${hookId}/rotate-secret`, {
      headers: authorization,
      data: { overlapSeconds: 0 },
    });
    expect(rotated.status(), await rotated.text()).toBe(200);

    // The card's date is written as every date in the console: "28 Nov 2026, 14:05" here.
    await signIn(page);
    await page.getByRole("link", { name: "Applications" }).click();
    await page.getByLabel("Animal").selectOption({ label: dot.name });
    await expect(card(page, adopter)).toContainText(`received ${formatTime(application.submittedAt, "en-GB", "UTC")}`);
    await card(page, adopter)
      .getByRole("button", { name: `Start review of ${application.reference}` })
      .click();
    await expect(page.getByText("No submitted applications for this animal")).toBeVisible();
    await page.getByRole("button", { name: "In review", exact: true }).click();
    await card(page, adopter)
      .getByRole("button", { name: `Withdraw ${application.reference}` })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Withdraw", exact: true }).click();
    await expect(page.getByText("No applications in review for this animal")).toBeVisible();

    // The activity: the application by its reference, the rotation in words, one date format.
    await page.getByRole("link", { name: "Back to the pets" }).click();
    await page.getByRole("link", { name: "Activity" }).click();
    const changes = page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem");
    await expect(changes.filter({ hasText: `${application.reference}: review started` })).toHaveCount(1);
    await expect(changes.filter({ hasText: /Application \d+:/ })).toHaveCount(0);
    const rotation = changes.filter({ hasText: `Webhook endpoint ${hookId}` }).filter({ hasText: "rotated" });
    await expect(rotation).toContainText(/secret rotated \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    await expect(rotation).not.toContainText("secretRotatedAt");
    await expect(rotation.locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    await expectNoAxeViolations(page);
  });
});
