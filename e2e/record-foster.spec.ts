import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { createPet, inCareSince, todayUtc } from "@/e2e/support/record";
import { signIn } from "@/e2e/support/staff";

// Issue 41: a foster placement is where the animal is, not an outcome (SAC counts it "in
// foster"). Done with the keyboard alone once the record is open.

test("staff place an animal in foster and end the placement, with the keyboard only", async ({ page, request }) => {
  const pet = await createPet(request, "Fostered");
  await inCareSince(request, pet.id, "relinquished_by_owner");
  const today = todayUtc();

  await signIn(page);
  await page.goto(`/staff/pets/${pet.id}/record`);
  await expect(page.getByText("Now: In the shelter.")).toBeVisible();

  const place = page.getByRole("button", { name: "Place in foster" });
  await place.focus();
  await page.keyboard.press("Enter");
  const carer = page.getByLabel("Foster carer's name");
  await expect(carer).toBeFocused();
  // Enter on the empty name: the schema's message, on the name, which keeps focus.
  await page.keyboard.press("Enter");
  await expect(carer).toHaveAttribute("aria-invalid", "true");
  await expect(carer).toBeFocused();
  await page.keyboard.type("Robin Hearth");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Carer's phone (optional)")).toBeFocused();
  await page.keyboard.type("+44 20 7946 0000");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Enter");

  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toHaveText(
    `Done: ${pet.name} is placed in foster.`,
  );
  await expect(page.getByText(`Now: In foster with Robin Hearth since ${today}.`)).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "open" })).toContainText(
    `Robin Hearth: from ${today}, still in foster`,
  );
  // Focus stays where the work goes on: on the button that now ends the placement.
  const end = page.getByRole("button", { name: "End the foster placement" });
  await expect(end).toBeFocused();

  await page.keyboard.press("Enter");
  const back = page.getByLabel("Back from foster on");
  await expect(back).toBeFocused();
  await expect(back).toHaveValue(today);
  await page.keyboard.press("Enter");

  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toHaveText(
    `Done: ${pet.name} is back from foster.`,
  );
  await expect(page.getByText("Now: In the shelter.")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "open" })).toContainText(
    `Robin Hearth: from ${today} until ${today}`,
  );
  await expect(page.getByRole("button", { name: "Place in foster" })).toBeFocused();
  await expectNoAxeViolations(page);

  const stays = (await (await request.get(`/v1/pets/${pet.id}/stays`, { headers: authorization })).json()) as {
    outcome?: unknown;
    placements: { from: string; until?: string }[];
  }[];
  expect(stays.find((stay) => stay.outcome === undefined)?.placements).toMatchObject([{ from: today, until: today }]);
});
