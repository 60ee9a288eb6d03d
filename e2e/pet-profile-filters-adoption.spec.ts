import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { petRows, signIn } from "@/e2e/support/staff";

/*
 * Issue 24: adopters find an animal by its profile, and staff correct a name and a profile.
 * Adoption stories (they add animals to the gallery), run once the gallery stories are done.
 */

async function addAnimal(request: APIRequestContext, data: Record<string, unknown>) {
  const response = await request.post("/v1/pets", { data: { categoryId: 1, ...data }, headers: authorization });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

test(
  "adopters filter the gallery by name, sex and good-with without JavaScript, and the address keeps the choice",
  PHONE_TOO,
  async ({ browser, page, request }) => {
    const tag = `Fx${randomUUID().slice(0, 6)}`;
    const year = new Date().getUTCFullYear();
    await addAnimal(request, {
      name: `${tag} Bella`,
      sex: "female",
      size: "small",
      birthDate: `${year - 2}-01-01`,
      breed: "Beagle mix",
      goodWith: { children: "yes" },
    });
    await addAnimal(request, { name: `${tag} Max`, sex: "male", goodWith: { children: "yes" } });
    await addAnimal(request, { name: `${tag} Daisy`, sex: "female" });

    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const noScript = await context.newPage();
      await noScript.goto("/");
      const search = noScript.getByRole("search", { name: "Find an animal" });
      await search.getByLabel("Name").fill(tag);
      await search.getByLabel("Sex").selectOption({ label: "Female" });
      await search.getByRole("checkbox", { name: "Children" }).check();
      await search.getByRole("button", { name: "Show these animals" }).click();
      // The fields left at "Any" are dropped: one address per choice.
      await expect(noScript).toHaveURL(`/?q=${tag}&sex=female&goodWith=children`);
      const animals = noScript.getByRole("list", { name: "Available animals" }).getByRole("listitem");
      await expect(animals).toHaveCount(1);
      await expect(animals.first()).toContainText(`${tag} Bella`);
      await expect(animals.first()).toContainText("Female · Young (1–3) · Small · Beagle mix");
      await expect(search.getByLabel("Name")).toHaveValue(tag);
      await expect(search.getByLabel("Sex")).toHaveValue("female");
      await expect(search.getByRole("checkbox", { name: "Children" })).toBeChecked();

      await search.getByLabel("Age").selectOption({ label: "Senior (8+)" });
      await search.getByRole("button", { name: "Show these animals" }).click();
      await expect(noScript.getByRole("heading", { name: "No animals match your choice right now" })).toBeVisible();
    } finally {
      await context.close();
    }

    // The animal's page tells what the shelter knows; axe scans with JavaScript on.
    await page.goto(`/?q=${tag}&sex=female&goodWith=children`);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: `${tag} Bella` }).click();
    const about = page.getByRole("region", { name: `About ${tag} Bella` });
    await expect(about).toContainText("Beagle mix");
    await expect(about).toContainText("Good with children");
    await expectNoAxeViolations(page);
  },
);

test("staff search a pet by name and correct its name and profile", async ({ page, request }) => {
  const tag = `Ed${randomUUID().slice(0, 6)}`;
  const pet = await addAnimal(request, { name: `${tag} Rexx`, breed: "Collie" });
  await signIn(page, `/staff?limit=100`);
  await page.getByRole("search", { name: "Pets by name" }).getByLabel("Search by name").fill(tag);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/staff\\?q=${tag}&limit=100$`));
  await expect(petRows(page)).toHaveCount(1);

  await petRows(page)
    .getByRole("button", { name: `Edit ${tag} Rexx` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Edit ${tag} Rexx` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Name").fill(`${tag} Rex`);
  await dialog.getByLabel("Breed or mix").fill("");
  await dialog.getByLabel("Size").selectOption({ label: "Large" });
  await dialog.getByLabel("Dogs").selectOption({ label: "Yes" });
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toContainText(`${tag} Rex is saved`);
  await expect(petRows(page).first()).toContainText(`${tag} Rex`);

  const stored = await request.get(`/v1/pets?id=${pet.id}`, { headers: authorization });
  expect(await stored.json()).toEqual([
    { id: pet.id, name: `${tag} Rex`, categoryId: 1, status: "available", size: "large", goodWith: { dogs: "yes" } },
  ]);
});
