import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { addYearlyVaccine, createPet, daysFromToday, inCareSince, todayUtc } from "@/e2e/support/record";
import { accept, invite } from "@/e2e/support/staff";
import { sidewaysScroll } from "@/e2e/support/layout-checks";

// Issue 41: staff vaccinate from the due list; marking one given records it and schedules the next.

test(
  "staff mark an overdue vaccine given from the due list: it leaves the list and says when it is next due",
  PHONE_TOO,
  async ({ page, request }) => {
    const vaccine = await addYearlyVaccine(request, "Rabies");
    const pet = await createPet(request, "Overdue");
    await inCareSince(request, pet.id, "stray");
    const given = await request.post(`/v1/pets/${pet.id}/medical`, {
      headers: authorization,
      data: { itemId: vaccine.id, givenOn: daysFromToday(-395), givenBy: "Lakeside Vets", nextDue: daysFromToday(-30) },
    });
    expect(given.status(), await given.text()).toBe(201);
    const today = todayUtc();
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;

    const staff = `Sam Vet ${randomUUID().slice(0, 6)}`;
    await accept(page, await invite(request, "staff", staff), staff);
    await page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Due treatments" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Due treatments");

    const overdue = page.getByRole("region", { name: "Overdue" });
    const row = overdue.getByRole("listitem", { name: `${vaccine.name} for ${pet.name}` });
    await expect(row).toContainText("30 days overdue");
    await expect(row).toContainText("in the shelter");
    expect(await sidewaysScroll(page)).toBe(0);
    await row.getByRole("button", { name: `Mark given for ${pet.name}: ${vaccine.name}` }).click();
    const form = page.getByRole("form", { name: `Mark ${vaccine.name} given to ${pet.name}` });
    // Whoever is signed in gave it, unless they say otherwise.
    await expect(form.getByLabel("Given by")).toHaveValue(staff);
    await form.getByLabel("Lot number (optional)").fill("RB-2291");
    await expectNoAxeViolations(page);
    await form.getByRole("button", { name: `Record given on ${today}` }).click();

    await expect(page.getByRole("status").filter({ hasText: "Done:" })).toHaveText(
      `Done: ${vaccine.name} given to ${pet.name}; next due ${nextYear}.`,
    );
    await expect(page.getByRole("listitem", { name: `${vaccine.name} for ${pet.name}` })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const entries = (await (await request.get(`/v1/pets/${pet.id}/medical`, { headers: authorization })).json()) as {
      givenOn: string;
      givenBy: string;
      lot?: string;
      nextDue?: string;
    }[];
    expect(entries.at(-1)).toMatchObject({ givenOn: today, givenBy: staff, lot: "RB-2291", nextDue: nextYear });

    // The calendar feed's link, shown once, opens the feed.
    await page.getByRole("button", { name: "Get the calendar feed link" }).click();
    const shown = page.getByRole("region", { name: /Your calendar link/ });
    await expect(shown.getByRole("heading")).toBeFocused();
    const link = (await shown.locator("code").textContent()) ?? "";
    expect(link).toContain("/calendar/due.ics?token=");
    const feed = await request.get(link);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    await expectNoAxeViolations(page);
  },
);
