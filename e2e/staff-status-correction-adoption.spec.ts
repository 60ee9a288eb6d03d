import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";
import { petRows, signIn } from "@/e2e/support/staff";

// Issue 22, item 1. Named *adoption.spec.ts: it makes an animal available, so it runs on
// the adoption stories' own server (playwright.config.ts).

const notice = (page: Page) => page.getByRole("status").filter({ hasText: /Done:|Could not/ });

test("staff correct the status of a pet added as pending, saying why, and can reserve it again", async ({
  page,
  request,
}) => {
  const name = `Stuck ${randomUUID().slice(0, 6)}`;
  const created = await request.post("/v1/pets", {
    data: { name, categoryId: 1, status: "pending" },
    headers: authorization,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await signIn(page);
  const row = petRows(page).filter({ hasText: name });
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: `Correct status of ${name}` }).click();
  const form = row.getByRole("form", { name: `Correct the status of ${name}` });
  await form.getByLabel("New status").selectOption({ label: "Available" });
  await form.getByLabel("Reason").fill("Added as pending by mistake; nobody has asked for her yet");
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Confirm new status" }).click();

  await expect(notice(page)).toHaveText(`Done: ${name} is now available.`);
  await expect(row).toContainText("Available");
  await expect(row.getByRole("button", { name: `Reserve ${name}` })).toBeVisible();
  const pet = await request.get(`/v1/pets/${id}`, { headers: authorization });
  expect(((await pet.json()) as { status: string }).status).toBe("available");
  await expectNoAxeViolations(page);
});

test("a pet an open order holds offers no status correction: its order decides", async ({ page, request }) => {
  const name = `Held ${randomUUID().slice(0, 6)}`;
  const created = await request.post("/v1/pets", { data: { name, categoryId: 1 }, headers: authorization });
  const { id } = (await created.json()) as { id: number };
  const order = await request.post("/v1/store/orders", {
    data: { petId: id, adopter: "Jo Example" },
    headers: authorization,
  });
  expect(order.status()).toBe(201);

  await signIn(page);
  const row = petRows(page).filter({ hasText: name });
  await expect(row.getByText("Jo Example").first()).toBeAttached();
  await expect(row.getByRole("button").first()).toBeVisible();
  await expect(row.getByRole("button", { name: `Correct status of ${name}` })).toHaveCount(0);
});
