import { randomUUID } from "node:crypto";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { sidewaysScroll, wordsBrokenIn } from "@/e2e/support/layout-checks";
import { accept, invite } from "@/e2e/support/staff";

/** Every view of the console, by its address and its heading. */
const VIEWS = [
  ["/staff", "Staff console"],
  ["/staff/orders", "Orders"],
  ["/staff/applications", "Adoption applications"],
  ["/staff/medical", "Due treatments"],
  ["/staff/stats", "Statistics"],
  ["/staff/record-settings", "Record settings"],
  ["/staff/webhooks", "Webhooks"],
  ["/staff/people", "People"],
  ["/staff/activity", "Activity"],
  ["/staff/keys", "API keys"],
  ["/staff/account", "Your account"],
] as const;

test(
  "an admin opens every console view without scrolling sideways, and people's names stay whole",
  PHONE_TOO,
  async ({ page, request }) => {
    const suffix = randomUUID().slice(0, 6);
    const admin = `Ada Administrator ${suffix}`;
    const volunteer = `Jo Volunteer ${suffix}`;
    await invite(request, "volunteer", volunteer);
    await accept(page, await invite(request, "admin", admin), admin);
    await expect(page.getByRole("navigation", { name: "Staff console" }).getByRole("link")).toHaveText(
      VIEWS.slice(1).map(([, heading]) => (heading === "Adoption applications" ? "Applications" : heading)),
    );

    for (const [path, heading] of VIEWS) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      if (path === "/staff/people") {
        await expect(page.getByRole("row").filter({ hasText: volunteer })).toContainText("Invited");
        expect(await wordsBrokenIn(page.getByRole("table", { name: "Staff accounts, oldest first" }))).toEqual([]);
      }
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      expect(await sidewaysScroll(page), `sideways scroll on ${path}`).toBe(0);
    }
  },
);
