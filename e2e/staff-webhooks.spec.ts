import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { saveScreenshot } from "@/e2e/support/screenshot";
import { signIn } from "@/e2e/support/staff";
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

    await endpoint.getByRole("button", { name: `Rotate secret of ${url}` }).click();
    await expect(secretPanel).toBeVisible();
    const rotated = (await secretPanel.locator("code").textContent()) ?? "";
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await expectNoAxeViolations(page);
  } finally {
    await receiver.close();
  }
});
