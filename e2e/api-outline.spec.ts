import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { holdScripts } from "@/e2e/support/hold-scripts";
import { saveScreenshot } from "@/e2e/support/screenshot";

/**
 * /docs shows the API's outline from the server at once, so a developer on a slow connection
 * (or without JavaScript) reads the operations while Scalar's 1.3 MB reference loads; the
 * reference replaces it once drawn (issue 22, item 17).
 */
const outlineHeading = { name: "Operations at a glance" } as const;

test("the outline is on the page before any script runs", PHONE_TOO, async ({ page }, testInfo) => {
  // Hold every script, as a slow connection would: what shows is what the server sent.
  // They are never let through: the story ends on what the server sent.
  await holdScripts(page);
  await page.goto("/docs", { waitUntil: "commit" });
  const outline = page.getByRole("main", outlineHeading);
  await expect(page.getByRole("heading", outlineHeading)).toBeVisible();
  const pets = outline.getByRole("region", { name: "pets" });
  await expect(pets.getByRole("listitem").filter({ hasText: "listPets" })).toContainText("GET /pets");
  await expect(pets.getByRole("listitem").filter({ hasText: /\bgetPet\b/ })).toContainText("deprecated");
  await expect(pets.getByRole("listitem").filter({ hasText: "createPet" })).toContainText("pets:write");
  await expect(outline.getByRole("region", { name: "webhooks" })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "docs-outline");
});

// That the reference takes the outline's place once drawn, and that its script comes only when
// the developer asks for it, is proved in api-reference.spec.ts by the story that opens it from
// the footer and checks every request: one drawing of Scalar's reference for both. This story
// ends, on the desktop as on the phone, once the outline the server sent has been read, scanned
// and photographed (docs/decisions/240, 287 and 293).

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the outline stays and names every kind of operation", async ({ page }) => {
    await page.goto("/docs");
    const outline = page.getByRole("main", outlineHeading);
    for (const tag of ["pets", "keys", "orders", "categories", "events", "webhooks"]) {
      await expect(outline.getByRole("heading", { level: 3, name: tag })).toBeVisible();
    }
    await expect(outline.getByRole("term").filter({ hasText: /^Pet$/ })).toBeVisible();
    // No axe here: it runs as a script in the page, which this story turns off.
  });
});
