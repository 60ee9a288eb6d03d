import { randomUUID } from "node:crypto";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { sidewaysScroll, wordsBrokenIn } from "@/e2e/support/layout-checks";
import { accept, invite } from "@/e2e/support/staff";

test(
  "an admin opens every console view without scrolling sideways, and people's names stay whole",
  PHONE_TOO,
  async ({ page, request }) => {
    const suffix = randomUUID().slice(0, 6);
    const admin = `Ada Administrator ${suffix}`;
    await invite(request, "volunteer", `Jo Volunteer ${suffix}`);
    await accept(page, await invite(request, "admin", admin), admin);

    const nav = page.getByRole("navigation", { name: "Staff console" });
    const views = await nav.getByRole("link").allTextContents();
    expect(views).toEqual(["Orders", "Applications", "Webhooks", "People", "Activity", "API keys", "Your account"]);
    expect(await sidewaysScroll(page), "the pets view").toBe(0);
    for (const view of views) {
      await nav.getByRole("link", { name: view }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(view === "API keys" ? "API keys" : view);
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      expect(await sidewaysScroll(page), `the ${view} view`).toBe(0);
    }

    await nav.getByRole("link", { name: "People" }).click();
    const volunteer = page.getByRole("row").filter({ hasText: `Jo Volunteer ${suffix}` });
    await expect(volunteer).toContainText("Invited");
    expect(await wordsBrokenIn(page.getByRole("table", { name: "Staff accounts, oldest first" }))).toEqual([]);
    expect(await sidewaysScroll(page)).toBe(0);
  },
);
