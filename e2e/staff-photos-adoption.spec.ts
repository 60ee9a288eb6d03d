import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { petRows, signIn } from "@/e2e/support/staff";

// Issue 24, photos. Named *adoption.spec.ts: it adds an available animal with photos, so it
// runs on the adoption stories' own server (playwright.config.ts).

/** A small PNG of one colour, made on the spot (nothing binary is committed). */
const swatch = (colour: string, width: number) =>
  sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: colour } })
    .png()
    .toBuffer();

const notice = (page: Page) => page.getByRole("dialog").getByRole("status");

test(
  "staff add photos by file picker and by drag and drop, reorder them, describe the primary, and adopters see it",
  PHONE_TOO,
  async ({ page, request, browserErrors }) => {
    test.setTimeout(240_000);
    const name = `Snap ${randomUUID().slice(0, 6)}`;
    const created = await request.post("/v1/pets", { data: { name, categoryId: 1 }, headers: authorization });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await signIn(page);
    const row = petRows(page).filter({ hasText: name });
    await row.getByRole("button", { name: `Photos of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Photos of ${name}` });
    await expect(dialog.getByText(`${name} has no photos yet.`)).toBeVisible();

    // The plain file input.
    await dialog.getByLabel(`Add photos of ${name}`).setInputFiles({
      name: "teal.png",
      mimeType: "image/png",
      buffer: await swatch("#0f766e", 400),
    });
    await expect(notice(page)).toHaveText("Added teal.png.", { timeout: 60_000 });

    // Dropped onto the zone, as from a file manager.
    const amber = (await swatch("#b45309", 500)).toString("base64");
    const dataTransfer = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], "amber.png", { type: "image/png" }));
      return transfer;
    }, amber);
    await dialog.locator("[data-photo-drop]").dispatchEvent("drop", { dataTransfer });
    await expect(notice(page)).toHaveText("Added amber.png.", { timeout: 60_000 });

    // A file that is no picture is refused in a volunteer's words, not the API's (issue 40, item 14).
    await dialog.getByLabel(`Add photos of ${name}`).setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("Feeding: twice a day"),
    });
    // The browser logs the 415 this refusal was; that one is expected.
    await expect.poll(() => browserErrors.some((text) => text.includes("415"))).toBe(true);
    browserErrors.splice(0, browserErrors.length, ...browserErrors.filter((text) => !text.includes("415")));
    await expect(notice(page)).toHaveText(
      "notes.png is not a kind of picture we can use. Choose a JPEG, PNG or WebP photo (most cameras and phones make JPEG).",
    );

    const photos = dialog.getByRole("list", { name: `Photos of ${name}` }).getByRole("listitem");
    await expect(photos).toHaveCount(2);
    await expect(photos.first()).toContainText("Photo 1 of 2 (primary)");

    // The amber one, second, becomes first.
    await photos.nth(1).getByRole("button", { name: "Move earlier (photo 2)" }).click();
    await expect(notice(page)).toHaveText("Done: move photo 2 earlier.");
    await dialog.getByLabel("Description of photo 1").fill(`${name} in amber light`);
    await dialog.getByRole("button", { name: "Save the description of photo 1" }).click();
    await expect(notice(page)).toHaveText("Done: save the description.");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();

    const listed = await request.get(`/v1/pets/${id}/photos`, { headers: authorization });
    const [primary] = (await listed.json()) as { alt: string; width: number }[];
    expect(primary).toMatchObject({ alt: `${name} in amber light`, width: 500 });

    // The adopter's page: the primary photo, sized before it loads, in three formats.
    await page.goto(`/pets/${id}`);
    const image = page.getByRole("img", { name: `${name} in amber light` });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("width", "500");
    await expect(image).toHaveAttribute("height", "375");
    await expect(image).toHaveAttribute("loading", "eager");
    await expect(page.locator("picture source[type='image/avif']").first()).toHaveAttribute(
      "srcset",
      /-320\.avif 320w/,
    );
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  },
);
