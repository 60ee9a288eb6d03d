import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { desktopOnly, expect, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { saveScreenshot } from "@/e2e/support/screenshot";

/** The UTC day `days` from today (the test server keeps the shelter's days in UTC). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test(
  "an adopter reads an animal's health in three words: unknown before the shelter records it, yes after",
  desktopOnly("a list of words; the animal's page runs on the phone, Health list and all"),
  async ({ page, request }, testInfo) => {
    const name = `Pip ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    const created = await request.post("/v1/pets", { headers: authorization, data: { name, categoryId: 1 } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await page.goto(`/pets/${id}`);
    const health = page.getByRole("region", { name: "Health" });
    await expect(health.getByRole("term")).toHaveText(["Vaccinated", "Spayed or neutered", "Microchipped"]);
    await expect(health.getByRole("definition")).toHaveText(["Unknown", "Unknown", "Unknown"]);
    await expect(health).toContainText("unknown means it does not say yet");

    // Staff record a rabies vaccine, the neuter and the chip through the API.
    const item = await request.post("/v1/medical/items", {
      headers: authorization,
      data: {
        name: `Rabies ${randomUUID().slice(0, 6)}`,
        kind: "vaccination",
        repeatEvery: { count: 1, unit: "years" },
      },
    });
    expect(item.status(), await item.text()).toBe(201);
    const { id: itemId } = (await item.json()) as { id: number };
    const entry = await request.post(`/v1/pets/${id}/medical`, {
      headers: authorization,
      data: { itemId, givenOn: dayFromToday(-7), givenBy: "Lakeside Vets", notes: "Hid under the bench; ask Sam" },
    });
    expect(entry.status(), await entry.text()).toBe(201);
    const facts = await request.patch(`/v1/pets/${id}/health`, {
      headers: authorization,
      data: {
        spayNeuter: { status: "altered", on: dayFromToday(-3) },
        microchip: { status: "chipped", number: "985112003456789" },
      },
    });
    expect(facts.status(), await facts.text()).toBe(200);

    await page.reload();
    await expect(health.getByRole("definition")).toHaveText(["Yes", "Yes", "Yes"]);
    // Never the detail: no note, giver, chip number or date.
    await expect(page.getByText(/ask Sam|Lakeside|985112003456789/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "pet-health-summary");

    // Out of the gallery again, so the stories that count its animals count what they seeded.
    const unlisted = await request.patch(`/v1/pets/${id}`, { headers: authorization, data: { listed: false } });
    expect(unlisted.status()).toBe(200);
  },
);
