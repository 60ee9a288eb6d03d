import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { createPet, inCareSince } from "@/e2e/support/record";
import { accept, invite, signIn } from "@/e2e/support/staff";

// Issue 41: staff record how a stay ended, offered only what SAC allows after its intake, and
// correct it with a reason.

test("staff record a stray's outcome, returned to field, then correct it saying why", async ({ page, request }) => {
  const pet = await createPet(request, "Barn cat");
  await inCareSince(request, pet.id, "stray");

  await signIn(page);
  await page.goto(`/staff/pets/${pet.id}/record`);
  await expect(page.getByText("Now: In the shelter.")).toBeVisible();
  await page.getByRole("button", { name: "Record an outcome" }).click();
  const form = page.getByRole("form", { name: `Record an outcome for ${pet.name}` });
  const type = form.getByLabel("Outcome type");
  // An adoption is its order's; owner-intended euthanasia needs such an intake.
  await expect(type.getByRole("option", { name: "Owner-intended euthanasia" })).toHaveCount(0);
  await expect(type.getByRole("option", { name: "Adoption", exact: true })).toHaveCount(0);
  await type.selectOption({ label: "Returned to field" });
  await form.getByLabel("Notes (optional)").fill("Neutered, ear-tipped, back to the farm on Mill Lane.");
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Record outcome" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toHaveText(
    `Done: ${pet.name}'s stay ended (Returned to field).`,
  );
  await expect(page.getByText("Now: Not in care: no open stay.")).toBeVisible();
  const stay = page.getByRole("article").filter({ hasText: "ended" });
  await expect(stay).toContainText("Returned to field");
  await expect(page.getByRole("button", { name: "Record an intake" })).toBeVisible();

  // A correction of what SAC counts needs its reason: said beside the field until given.
  await stay.getByRole("button", { name: /Correct the outcome/ }).click();
  const correction = page.getByRole("form", { name: `Correct the outcome of ${pet.name}'s stay` });
  await correction.getByLabel("Outcome type").selectOption({ label: "Returned to owner" });
  await correction.getByRole("button", { name: "Correct outcome" }).click();
  const reason = correction.getByLabel("Reason for the correction");
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toBeFocused();
  await reason.fill("The farmer owns her: she went home, not back to the colony");
  await correction.getByRole("button", { name: "Correct outcome" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toHaveText(
    `Done: the outcome of ${pet.name}'s stay is corrected.`,
  );
  await expect(stay).toContainText("Returned to owner");
  await expectNoAxeViolations(page);
  const stays = (await (await request.get(`/v1/pets/${pet.id}/stays`, { headers: authorization })).json()) as {
    outcome?: { type: string };
  }[];
  expect(stays.map((each) => each.outcome?.type)).toContain("returned_to_owner");
});

test("a volunteer reads an animal's record and its health, and is offered nothing to record", async ({
  page,
  request,
}) => {
  const pet = await createPet(request, "Watched");
  await inCareSince(request, pet.id, "stray");
  const volunteer = `Val Volunteer ${randomUUID().slice(0, 6)}`;
  await accept(page, await invite(request, "volunteer", volunteer), volunteer);

  await page.goto(`/staff/pets/${pet.id}/record`);
  await expect(page.getByText("Now: In the shelter.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Health" })).toBeVisible();
  await expect(page.getByText(`No vaccination, test or treatment is recorded for ${pet.name}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: /Record|Place|Microchip|Spay|weight|Correct/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
