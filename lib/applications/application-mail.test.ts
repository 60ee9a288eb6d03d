import net from "node:net";
import { afterAll, beforeAll, expect, it, vi } from "vitest";

/*
 * A mail server that refuses: the adopter's answer never waits for it or fails with it, and
 * the warning logged names the mail's kind and the error's code, never an address or the
 * server's password (docs/decisions/195). The happy path runs against a real SMTP server in
 * tests/api/applications-mail.test.ts.
 */

const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
vi.mock("@/lib/ops/logger", () => ({
  getLogger: () => ({
    info: (fields: Record<string, unknown>, message: string) => lines.push({ level: "info", fields, message }),
    warn: (fields: Record<string, unknown>, message: string) => lines.push({ level: "warn", fields, message }),
  }),
}));

let closedPort = 0;
beforeAll(async () => {
  // A port nothing listens on: taken, then given back.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  process.env.PETSTORE_SMTP_URL = `smtp://mailer:pw-4e1c9a@127.0.0.1:${closedPort}`;
  // Mail needs the links' origin (docs/decisions/201).
  process.env.PETSTORE_PUBLIC_URL = "https://pets.example.org";
});
afterAll(() => {
  delete process.env.PETSTORE_SMTP_URL;
  delete process.env.PETSTORE_PUBLIC_URL;
});

it("sends in the background, and logs a failure without addresses or the password", async () => {
  const { mailConfigured, sendApplicationMail } = await import("./application-mail");
  expect(mailConfigured()).toBe(true);
  const sent = sendApplicationMail({
    to: "ada@example.org",
    petName: "Rex",
    petId: 7,
    reference: "A-7K3P-9QX2",
    statusLink: "http://127.0.0.1/applications/secret-token",
  });
  expect(sent).toBeUndefined(); // nothing to wait for
  await vi.waitFor(() => expect(lines.filter((line) => line.level === "warn")).toHaveLength(2), { timeout: 10_000 });
  expect(lines.map(({ fields }) => fields.kind).sort()).toEqual(["adopter_confirmation", "shelter_notice"]);
  expect(lines[0]!.fields).toMatchObject({ event: "mail", code: expect.stringMatching(/^[A-Z]+$/) });
  const logged = JSON.stringify(lines);
  for (const secret of ["ada@example.org", "adopt@petstore.example", "pw-4e1c9a", "secret-token", "Rex"]) {
    expect(logged).not.toContain(secret);
  }
});
