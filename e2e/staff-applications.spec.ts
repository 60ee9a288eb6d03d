import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { addAnimal } from "@/e2e/support/orders";
import { authorization } from "@/e2e/support/pets";
import { accept, invite, signIn } from "@/e2e/support/staff";

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
  return (await response.json()) as { reference: string };
}

/** An application in the queue, by its heading: "<adopter> for <animal>". */
const card = (page: Page, adopter: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: new RegExp(`^${adopter} for `) }) });

test(
  "staff approve one application, keep another as a backup and decline a third; a volunteer reads them but may not decide",
  PHONE_TOO,
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
