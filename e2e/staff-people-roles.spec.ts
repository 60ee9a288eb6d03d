import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { NAMED_CATEGORY } from "@/e2e/support/pets";
import { accept, invite, petRows, signIn } from "@/e2e/support/staff";

test("a volunteer is offered no staff action; a staff member's change is named in the activity", async ({
  page,
  request,
}) => {
  const suffix = randomUUID().slice(0, 6);
  const volunteer = `Vera Volunteer ${suffix}`;
  const staff = `Sam Staff ${suffix}`;
  const volunteerLink = await invite(request, "volunteer", volunteer);
  const staffLink = await invite(request, "staff", staff);

  // The volunteer reads the animals, and is offered nothing that changes them.
  await accept(page, volunteerLink, volunteer);
  expect(page.url()).not.toContain("invitation");
  await expect(
    page.getByText(
      "As a volunteer you may see pets, see orders, see adoption applications and see animals' medical records",
    ),
  ).toBeVisible();
  await expect(petRows(page).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add a pet" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Reserve/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "People" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The console speaks to a person by their role, not as to a key, and offers no steps they cannot take.
  await page.goto("/staff/webhooks");
  await expect(
    page.getByText("Your role (volunteer) doesn't let you see webhooks; an admin can change that."),
  ).toBeVisible();
  await expect(page.getByText(/This key|scope/)).toHaveCount(0);
  await page.goto("/staff/orders");
  await expect(page.getByText("Every adoption by status, from reservation to going home.")).toBeVisible();
  await expect(page.getByText(/approve, complete or cancel/)).toHaveCount(0);
  await page.goto("/staff");
  // What the console does not offer, the API refuses: the volunteer's own bearer.
  const bearer = await page.evaluate(() => Object.values(sessionStorage).find((value) => value.startsWith("pst_")));
  const refused = await request.post("/v1/pets", {
    headers: { Authorization: `Bearer ${bearer}` },
    data: { name: "Not allowed", categoryId: NAMED_CATEGORY.id },
  });
  expect(refused.status()).toBe(403);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You have signed out.")).toBeVisible();

  // A staff member adds an animal through the console.
  await accept(page, staffLink, staff);
  const petName = `Sam's pick ${suffix}`;
  await page.getByLabel("Name", { exact: true }).fill(petName);
  await page.getByRole("combobox", { name: "Category", exact: true }).fill(NAMED_CATEGORY.name);
  await page.getByRole("button", { name: "Add pet" }).click();
  await expect(petRows(page).filter({ hasText: petName })).toHaveCount(1);
  await page.getByRole("button", { name: "Sign out" }).click();

  // The admin's Activity names the person, not an id.
  await signIn(page);
  await page.getByRole("link", { name: "Activity" }).click();
  const entry = page.getByRole("listitem").filter({ hasText: petName }).first();
  await expect(entry).toContainText(`by ${staff}`);
});
