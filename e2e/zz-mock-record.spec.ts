import type { Page, Route } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { createPet } from "@/e2e/support/record";
import { petRows, signIn } from "@/e2e/support/staff";

// TEMPORARY (not committed): the record's UI against a fake of its operations.

type Stay = { id: number; petId: number; intake: Record<string, unknown>; outcome?: Record<string, unknown>; placements: Record<string, unknown>[] };

async function fake(page: Page, petId: number, petName: string) {
  const stays: Stay[] = [];
  const entries: Record<string, unknown>[] = [];
  let ids = 100;
  const today = new Date().toISOString().slice(0, 10);
  const items = [{ id: 1, name: "Rabies", kind: "vaccination", repeatEvery: { count: 1, unit: "years" } }, { id: 2, name: "FeLV test", kind: "test" }];
  let due = { today, overdue: [{ petId, petName, itemId: 1, itemName: "Rabies", kind: "vaccination", due: "2026-10-01", where: "shelter" }], thisWeek: [] as unknown[] };
  const json = (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
  await page.route(`**/v1/pets/${petId}/stays`, async (route) => {
    if (route.request().method() === "GET") return json(route, 200, stays);
    const intake = route.request().postDataJSON();
    const stay = { id: ++ids, petId, intake, placements: [] };
    stays.push(stay);
    return json(route, 201, stay);
  });
  await page.route("**/v1/stays/*/outcome", async (route) => {
    const id = Number(route.request().url().split("/").at(-2));
    const stay = stays.find((each) => each.id === id)!;
    const body = route.request().postDataJSON();
    if (route.request().method() === "POST") stay.outcome = body;
    else {
      const { reason: _r, ...patch } = body;
      stay.outcome = { ...stay.outcome, ...patch };
      if (patch.subtype === null) delete stay.outcome!.subtype;
    }
    return json(route, 200, stay);
  });
  await page.route(`**/v1/pets/${petId}/placements**`, async (route) => {
    const stay = stays.find((each) => !each.outcome)!;
    if (route.request().method() === "POST") {
      stay.placements.push({ id: ++ids, ...route.request().postDataJSON() });
      return json(route, 201, stay);
    }
    const id = Number(route.request().url().split("/").at(-1));
    const placement = stay.placements.find((each) => each.id === id)!;
    Object.assign(placement, route.request().postDataJSON());
    return json(route, 200, stay);
  });
  await page.route(`**/v1/pets/${petId}/medical`, async (route) => {
    if (route.request().method() === "GET") return json(route, 200, entries);
    const body = route.request().postDataJSON();
    const entry = { id: ++ids, petId, kind: items.find((i) => i.id === body.itemId)!.kind, nextDue: `${Number(body.givenOn.slice(0, 4)) + 1}${body.givenOn.slice(4)}`, ...body };
    entries.push(entry);
    due = { ...due, overdue: [] };
    return json(route, 201, entry);
  });
  let facts: Record<string, unknown> = { weights: [] };
  await page.route(`**/v1/pets/${petId}/health`, async (route) => {
    if (route.request().method() === "GET") return json(route, 200, facts);
    const body = route.request().postDataJSON();
    if (body.microchip?.number === "000123456789012") return json(route, 400, { code: "invalid_body", status: 400, message: "bad", details: [{ field: "microchip.number", message: "must begin with a country or manufacturer code, not 000" }] });
    facts = { ...facts, ...body };
    delete facts.reason;
    return json(route, 200, facts);
  });
  await page.route("**/v1/medical/items", (route) => json(route, 200, items));
  await page.route("**/v1/medical/due", (route) => json(route, 200, due));
  await page.route("**/v1/medical/calendar-token", (route) => json(route, 201, { token: "abc123" }));
  await page.route("**/v1/categories/species", (route) => json(route, 200, [{ categoryId: 1, species: "unmapped", suggested: "canine" }]));
}

test("mock: the record's forms", async ({ page, request }) => {
  const pet = await createPet(request, "Mocked");
  await fake(page, pet.id, pet.name);
  await signIn(page);
  await petRows(page).filter({ hasText: pet.name }).getByRole("link", { name: pet.name }).click();
  await expect(page.getByText("Now: Not in care: no open stay.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Record an intake" }).click();
  const form = page.getByRole("form", { name: `Record an intake for ${pet.name}` });
  await form.getByLabel("Intake type").selectOption({ label: "Transferred in from an agency" });
  await form.getByLabel("Transferred from").selectOption({ label: "Out of state" });
  await form.getByLabel("Name of the person or agency").fill("Valley County");
  await form.getByRole("button", { name: "Record intake" }).click();
  const broughtBy = form.getByLabel("Brought by");
  await expect(broughtBy).toHaveAccessibleDescription("Must be person or agency when a source is named");
  await expect(broughtBy).toBeFocused();
  await expectNoAxeViolations(page);
  await broughtBy.selectOption({ label: "An agency" });
  await form.getByRole("button", { name: "Record intake" }).click();
  await expect(page.getByText("Now: In the shelter.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toContainText("intake is recorded");
  await page.screenshot({ path: "/tmp/console-record-1.png", fullPage: true });

  const place = page.getByRole("button", { name: "Place in foster" });
  await place.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Foster carer's name")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Foster carer's name")).toHaveAttribute("aria-invalid", "true");
  await page.keyboard.type("Robin");
  await page.keyboard.press("Enter");
  await expect(page.getByText(/Now: In foster with Robin since/)).toBeVisible();
  await expect(page.getByRole("button", { name: "End the foster placement" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Back from foster on")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Now: In the shelter.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Place in foster" })).toBeFocused();

  await page.getByRole("button", { name: "Record an outcome" }).click();
  const outcome = page.getByRole("form", { name: `Record an outcome for ${pet.name}` });
  await expect(outcome.getByLabel("Outcome type").getByRole("option", { name: "Returned to field" })).toHaveCount(0);
  await outcome.getByLabel("Outcome type").selectOption({ label: "Transferred to an agency" });
  await outcome.getByLabel("Transferred to").selectOption({ label: "International" });
  await outcome.getByRole("button", { name: "Record outcome" }).click();
  await expect(page.getByText("Now: Not in care: no open stay.")).toBeVisible();
  const stay = page.getByRole("article").filter({ hasText: "ended" });
  await stay.getByRole("button", { name: /Correct the outcome/ }).click();
  const correction = page.getByRole("form", { name: `Correct the outcome of ${pet.name}'s stay` });
  await correction.getByLabel("Outcome type").selectOption({ label: "Returned to owner" });
  await correction.getByRole("button", { name: "Correct outcome" }).click();
  await expect(correction.getByLabel("Reason for the correction")).toBeFocused();
  await correction.getByLabel("Reason for the correction").fill("Wrong");
  await correction.getByRole("button", { name: "Correct outcome" }).click();
  await expect(stay).toContainText("Returned to owner");
  await expectNoAxeViolations(page);

  await page.goto("/staff/record-settings");
  await expect(page.getByText("(suggested: Canine)")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "/tmp/console-settings.png", fullPage: true });
});
