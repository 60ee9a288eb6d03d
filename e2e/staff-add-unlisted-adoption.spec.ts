import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { petRows, signIn } from "@/e2e/support/staff";

// Issue 40, item 4 (docs/decisions/215). Named *adoption.spec.ts: once listed, the animal is
// available on the gallery, so it runs on the adoption stories' own server.

test(
  "staff add a pet with its profile and a photo, adopters see it only once staff show it to them",
  PHONE_TOO,
  async ({ page, browser }) => {
    test.setTimeout(180_000);
    const name = `Prep ${randomUUID().slice(0, 6)}`;
    await signIn(page);

    // Keyboard only from the name field: typed, chosen, and sent with Enter.
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.type(name);
    await page.getByLabel("Category", { exact: true }).fill("1");
    await page.getByLabel("Sex").selectOption("female");
    await page.getByLabel("Breed or mix").fill("Collie mix");
    await page.getByLabel("Description").fill("Shy at first, then a shadow.");
    await page.getByLabel("Children").selectOption("yes");
    const photo = await sharp({ create: { width: 400, height: 600, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    await page
      .getByLabel("Photos (optional)")
      .setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: photo });
    await page.getByLabel("Name", { exact: true }).press("Enter");
    // The suite's category 1 has no name: the form asks first (as staff-category.spec.ts shows).
    const unnamed = page.getByRole("dialog", { name: `Add ${name} anyway?` });
    await expect(unnamed).toContainText("Category 1 has no name");
    await unnamed.getByRole("button", { name: "Add anyway" }).focus();
    await page.keyboard.press("Enter");

    const confirmation = page.getByRole("status").filter({ hasText: `Added ${name}` });
    await expect(confirmation).toContainText("with 1 photo", { timeout: 60_000 });
    await expect(confirmation).toContainText("Adopters do not see it yet");
    const row = petRows(page).filter({ hasText: name });
    await expect(row).toContainText("Not shown to adopters");
    await expectNoAxeViolations(page);

    // An adopter (a fresh browser, no key) finds neither the card nor the page.
    const adopter = await browser.newPage();
    await adopter.goto("/");
    await expect(adopter.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(adopter.getByRole("link", { name })).toHaveCount(0);
    const id = /\(#(\d+)\)/.exec((await confirmation.textContent()) ?? "")?.[1];
    expect((await adopter.goto(`/pets/${id}`))?.status()).toBe(404);

    // Shown, by keyboard.
    await row.getByRole("button", { name: `Show to adopters ${name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `adopters now see ${name}` })).toBeVisible();
    await expect(row).not.toContainText("Not shown to adopters");

    await adopter.goto("/");
    await expect(adopter.getByRole("link", { name })).toBeVisible();
    await adopter.goto(`/pets/${id}`);
    await expect(adopter.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(adopter.getByText("Shy at first, then a shadow.")).toBeVisible();
    await expect(adopter.locator("picture img").first()).toHaveAttribute("height", "600");
    await adopter.close();
  },
);
