import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { addAnimal, orderStatus, placeOrder } from "@/e2e/support/orders";
import { saveScreenshot } from "@/e2e/support/screenshot";
import { petRows, signIn } from "@/e2e/support/staff";

// Named *adoption.spec.ts: it cancels and completes adoptions, so it runs on the adoption stories' own server.

const notice = (page: Page) => page.getByRole("status").filter({ hasText: /Done:|Could not/ });

test("staff confirm before a reservation is cancelled or an adoption completed, and Escape changes nothing", async ({
  page,
  request,
}, testInfo) => {
  const animal = await addAnimal(request, "Bailey");
  const adopter = `Jo Smith ${testInfo.project.name}`;
  const order = await placeOrder(request, animal.id, adopter);

  await signIn(page);
  const row = petRows(page).filter({ hasText: animal.name });
  const cancel = row.getByRole("button", { name: `Cancel reservation of ${animal.name}` });
  await cancel.click();

  // The question names the animal and the adopter, and the safe answer has focus.
  const dialog = page.getByRole("dialog", { name: `Cancel ${animal.name}'s adoption by ${adopter}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${animal.name} becomes available again`);
  await expect(dialog.getByRole("button", { name: "Keep the adoption" })).toBeFocused();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "staff-confirm-cancel");

  // Escape: nothing happens, and focus returns to the button that asked.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(cancel).toBeFocused();
  await expect(row).toContainText("Pending");
  expect(await orderStatus(request, order.id)).toBe("placed");

  await cancel.click();
  await dialog.getByRole("button", { name: "Cancel the adoption" }).click();
  await expect(notice(page)).toHaveText(`Done: cancel ${animal.name}'s reservation.`);
  await expect(row).toContainText("Available");
  expect(await orderStatus(request, order.id)).toBe("cancelled");

  // The orders view: "Cancel" beside "Mark ready to go home" reads as ending the adoption; completing asks too.
  const second = await placeOrder(request, animal.id, adopter);
  await page.goto("/staff/orders?status=placed&limit=100");
  const orderRow = page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^#${second.id}(?!\\d)`) }) });
  await expect(orderRow.getByRole("button", { name: `Cancel adoption in order #${second.id}` })).toContainText(
    "Cancel adoption",
  );
  await orderRow.getByRole("button", { name: `Mark order #${second.id} ready to go home` }).click();
  await expect(notice(page)).toHaveText(`Done: mark order #${second.id} ready to go home.`);

  await page.goto("/staff/orders?status=approved&limit=100");
  await orderRow.getByRole("button", { name: `Complete adoption for order #${second.id}` }).click();
  const complete = page.getByRole("dialog", { name: new RegExp(`^Complete the adoption in order #${second.id}`) });
  await expect(complete).toContainText(adopter);
  await expect(complete).toContainText("cannot be undone");
  await expectNoAxeViolations(page);
  await complete.getByRole("button", { name: "Not yet" }).click();
  await expect(complete).toHaveCount(0);
  expect(await orderStatus(request, second.id)).toBe("approved");

  await orderRow.getByRole("button", { name: `Complete adoption for order #${second.id}` }).click();
  await complete.getByRole("button", { name: "Complete the adoption" }).click();
  await expect(notice(page)).toHaveText(`Done: complete order #${second.id}.`);
  expect(await orderStatus(request, second.id)).toBe("delivered");
  await expectNoAxeViolations(page);
});
