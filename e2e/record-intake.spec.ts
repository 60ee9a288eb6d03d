import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { createPet, outOfCare } from "@/e2e/support/record";
import { sidewaysScroll } from "@/e2e/support/layout-checks";
import { petRows, signIn } from "@/e2e/support/staff";

// Issue 41: staff record how an animal arrived, in Shelter Animals Count's terms.

test(
  "staff record an intake from the animal's record: a transfer in, its agency beside it",
  PHONE_TOO,
  async ({ page, request }) => {
    const pet = await createPet(request, "Arrival");
    await outOfCare(request, pet.id);

    await signIn(page);
    await petRows(page).filter({ hasText: pet.name }).getByRole("link", { name: pet.name }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Animal record");
    await expect(page.getByText("Now: Not in care: no open stay.")).toBeVisible();

    await page.getByRole("button", { name: "Record an intake" }).click();
    const form = page.getByRole("form", { name: `Record an intake for ${pet.name}` });
    await expect(form.getByLabel("Arrived at")).toBeFocused();
    await form.getByLabel("Intake type").selectOption({ label: "Transferred in from an agency" });
    // A transfer says where from: its subtypes appear with it.
    await form.getByLabel("Transferred from").selectOption({ label: "Out of state" });
    await form.getByLabel("Condition at intake").selectOption({ label: "Treatable – manageable" });
    await form.getByLabel("Name of the person or agency").fill("Valley County Animal Services");
    await form.getByLabel("Their phone").fill("+1 555 0100");

    // Named, but "Brought by" still says unknown: the shared schema's message, beside the field.
    await form.getByRole("button", { name: "Record intake" }).click();
    const broughtBy = form.getByLabel("Brought by");
    await expect(broughtBy).toHaveAttribute("aria-invalid", "true");
    await expect(broughtBy).toHaveAccessibleDescription("Must be person or agency when a source is named");
    await expect(broughtBy).toBeFocused();
    await expectNoAxeViolations(page);

    await broughtBy.selectOption({ label: "An agency" });
    await form.getByLabel("Notes (optional)").fill("Arrived with two siblings from the county's overflow.");
    await form.getByRole("button", { name: "Record intake" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Done:" })).toHaveText(
      `Done: ${pet.name}'s intake is recorded (Transferred in from an agency (out of state)).`,
    );
    await expect(page.getByText("Now: In the shelter.")).toBeVisible();
    const stay = page.getByRole("article").filter({ hasText: "open" });
    await expect(stay).toContainText("Transferred in from an agency (out of state)");
    await expect(stay).toContainText("Treatable – manageable");
    await expect(stay).toContainText("An agency: Valley County Animal Services · +1 555 0100");
    await expect(page.getByRole("button", { name: "Record an outcome" })).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);
    await expectNoAxeViolations(page);

    const stays = (await (await request.get(`/v1/pets/${pet.id}/stays`, { headers: authorization })).json()) as {
      intake: { type: string; subtype?: string; sourceKind: string };
      outcome?: unknown;
    }[];
    const open = stays.find((each) => each.outcome === undefined);
    expect(open?.intake).toMatchObject({ type: "transferred_in", subtype: "out_of_state", sourceKind: "agency" });
  },
);
