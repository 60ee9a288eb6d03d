import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { sidewaysScroll } from "@/e2e/support/layout-checks";
import { accept, invite } from "@/e2e/support/staff";
import { pastStay } from "@/e2e/support/stats";

// Issue 42: a volunteer reads a month's statistics in the console, follows a number to the
// animals behind it and on to one's record, by keyboard, and exports the month's records.

test(
  "a volunteer follows a matrix number to the animals behind it and to a record, and exports the month's records",
  PHONE_TOO,
  async ({ page, request }, testInfo) => {
    // A month long past, one per project (both run against one server): only this story's stays count in it.
    const [month, monthName] = testInfo.project.name.includes("phone") ? ["05", "May"] : ["03", "March"];
    const at = (day: string, time = "10:00:00") => `2013-${month}-${day}T${time}Z`;
    const stray = (day: string) => ({
      intakeAt: at(day),
      type: "stray",
      outcomeAt: at("20"),
      outcome: "returned_to_owner",
    });
    const rex = await pastStay(request, "Stats Rex", stray("04"));
    const bo = await pastStay(request, "Stats Bo", stray("05"));
    const cleo = await pastStay(request, "Stats Cleo", {
      intakeAt: at("06"),
      type: "relinquished_by_owner",
      outcomeAt: at("25"),
      outcome: "transferred_out",
      subtype: "in_state",
    });

    const volunteer = `Val Volunteer ${randomUUID().slice(0, 6)}`;
    await accept(page, await invite(request, "volunteer", volunteer), volunteer);
    await page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Statistics" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statistics");
    // The address names the period shown (the last full month), so the view can be linked.
    await expect(page).toHaveURL(/\/staff\/stats\?period=\d{4}-\d{2}$/);

    // Keyboard only: choose the month and year, then Show.
    const picker = page.getByRole("form", { name: "Period" });
    await picker.getByLabel("Month").focus();
    await page.keyboard.type(monthName);
    await page.keyboard.press("Tab");
    await page.keyboard.type("2013");
    await page.keyboard.press("Tab");
    await expect(picker.getByRole("button", { name: "Show" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`period=2013-${month}$`));

    const matrix = page.getByRole("region", { name: `Basic Data Matrix, All species: ${monthName} 2013` });
    const row = (label: string) =>
      matrix.getByRole("row").filter({ has: page.getByRole("rowheader", { name: label, exact: true }) });
    // Age unknown (no birth date), then all ages.
    await expect(row("Stray/At Large").getByRole("cell")).toHaveText(["0", "0", "2", "2"]);
    await expect(row("Total live intakes").getByRole("cell").last()).toHaveText("3");
    await expect(row("Transferred to another Agency").getByRole("cell").last()).toHaveText("1");
    await expect(row("Transferred to another Agency: in state").getByRole("cell").last()).toHaveText("1");
    // A zero leads nowhere; the ending count is empty, every stay having ended in the month.
    await expect(row("Adoption").getByRole("link")).toHaveCount(0);
    await expect(row("Total").last().getByRole("cell").last()).toHaveText("0"); // the ending count's
    await expect(page.getByRole("region", { name: "Live release rate by species" })).toContainText(
      "Not given: fewer than 10 outcomes counted, shown as counts only",
    );
    expect(await sidewaysScroll(page)).toBe(0);
    await expectNoAxeViolations(page);

    // The records export streams, with its progress, to a file of the month's three stays.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "All records as CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`records-2013-${month}.csv`);
    const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    for (const stay of [rex, bo, cleo])
      expect(lines.some((line) => line.startsWith(`${stay.id},${stay.stayId},`))).toBe(true);
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText(
      `Saved records-2013-${month}.csv: 3 records.`,
    );

    // Follow the number, by keyboard, to the animals behind it.
    await row("Stray/At Large").getByRole("cell").last().getByRole("link", { name: "2" }).focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("heading", { level: 2, name: `Intakes: Stray/At Large · All species, ${monthName} 2013` }),
    ).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "count" })).toHaveText("2 stays count in this figure.");
    const animals = page.getByRole("table", { name: "The stays this figure counts, by animal" });
    await expect(animals.getByRole("rowheader")).toHaveText([rex.name, bo.name]);
    await expectNoAxeViolations(page);

    await animals.getByRole("link", { name: rex.name }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/staff/pets/${rex.id}/record#stay-${rex.stayId}$`));
    await expect(page.getByRole("article", { name: `Stay #${rex.stayId}: ended` })).toBeVisible();

    // Back returns to the list, then to the month's view.
    await page.goBack();
    await expect(animals.getByRole("rowheader")).toHaveText([rex.name, bo.name]);
    await page.goBack();
    await expect(matrix).toBeVisible();
  },
);
