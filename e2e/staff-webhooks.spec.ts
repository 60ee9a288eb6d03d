import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { saveScreenshot } from "@/e2e/support/screenshot";
import { issueKey } from "@/e2e/support/issue-key";
import { signIn, submitKey } from "@/e2e/support/staff";
import { startWebhookReceiver } from "@/tests/support/webhook-receiver";

test("staff register a webhook, copy its secret once, send a test, redeliver it and rotate the secret", async ({
  page,
}, testInfo) => {
  const receiver = await startWebhookReceiver();
  const url = `${receiver.url}/${randomUUID().slice(0, 8)}`;
  try {
    await signIn(page);
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByLabel("Description").fill("The adoption CRM");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secretPanel = page.getByRole("region", { name: "Signing secret" });
    await expect(secretPanel).toContainText("it is not shown again");
    const secret = (await secretPanel.locator("code").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await expectNoAxeViolations(page);
    await secretPanel.getByRole("button", { name: "I have copied it" }).click();
    await expect(secretPanel).toHaveCount(0);

    const endpoint = page.getByRole("article", { name: url });
    await expect(endpoint).toContainText("Healthy");
    await expect(endpoint).toContainText("The adoption CRM");

    await endpoint.getByRole("button", { name: `Send test to ${url}` }).click();
    await expect(endpoint.getByRole("listitem").filter({ hasText: "webhook.ping" })).toContainText("delivered");
    // Registered for every type, the endpoint also receives its own webhook_endpoint.created.
    const verifier = new Webhook(secret);
    const pings = () =>
      receiver.received.filter(
        (delivery) => (verifier.verify(delivery.body, delivery.headers) as { type: string }).type === "webhook.ping",
      );
    await expect.poll(() => pings().length).toBe(1);
    const [ping] = pings();
    await saveScreenshot(page, testInfo, "staff-webhooks");

    await endpoint.getByRole("button", { name: /^Redeliver webhook\.ping/ }).click();
    await expect(page.getByRole("status").first()).toContainText(`Sending webhook.ping to ${url} again.`);
    await expect.poll(() => pings().length).toBe(2);
    expect(pings()[1]!.headers["webhook-id"]).toBe(ping!.headers["webhook-id"]);
    await expect(endpoint.getByRole("listitem").filter({ hasText: "webhook.ping" })).toContainText("2 attempts");

    // Rotating asks first, and says what happens to the secret the receiver holds.
    await endpoint.getByRole("button", { name: `Rotate secret of ${url}` }).click();
    const rotate = page.getByRole("dialog", { name: `Rotate the secret of ${url}?` });
    await expect(rotate).toContainText("The current one stops working in a day");
    await rotate.getByRole("button", { name: "Keep the current secret" }).click();
    await expect(rotate).toHaveCount(0);
    await expect(secretPanel).toHaveCount(0);
    await endpoint.getByRole("button", { name: `Rotate secret of ${url}` }).click();
    await rotate.getByRole("button", { name: "Rotate secret", exact: true }).click();
    await expect(secretPanel).toBeVisible();
    const rotated = (await secretPanel.locator("code").textContent()) ?? "";
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await expectNoAxeViolations(page);
    await secretPanel.getByRole("button", { name: "I have copied it" }).click();

    // A second endpoint takes only the events chosen for it.
    const chosenUrl = `${receiver.url}/${randomUUID().slice(0, 8)}`;
    await page.getByLabel("Endpoint URL").fill(chosenUrl);
    const events = page.getByRole("group", { name: "Events to send" });
    await events.getByRole("radio", { name: "Only the events I choose" }).check();
    await events.getByRole("checkbox", { name: "pet.created" }).check();
    await events.getByRole("checkbox", { name: "order.placed" }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await secretPanel.getByRole("button", { name: "I have copied it" }).click();
    await expect(page.getByRole("article", { name: chosenUrl })).toContainText("pet.created, order.placed");
  } finally {
    await receiver.close();
  }
});

test("the endpoint form offers only the events its holder may read", async ({ page }) => {
  // A key that manages webhooks but may not list keys: key.* events are not its to send.
  const key = issueKey(`webhooks only ${randomUUID().slice(0, 6)}`, "webhooks:read,webhooks:write,pets:read");
  await page.goto("/staff/webhooks");
  await submitKey(page, key);
  const events = page.getByRole("group", { name: "Events to send" });
  await expect(events.getByRole("checkbox", { name: "pet.created" })).toBeVisible();
  await expect(events.getByRole("checkbox", { name: "key.created" })).toHaveCount(0);
  await expect(events.getByRole("checkbox", { name: "order.placed" })).toHaveCount(0);
  await expect(events.getByRole("radio")).toHaveCount(0);
});
