import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { encode, formStampOf, goodFields } from "@/tests/api/support/applications";
import { createTestDatabase, findTestServer, type TestServer } from "@/tests/support/test-postgres";
import { API_KEY, startInstance, type Instance } from "./instance";

/**
 * Two instances on one PostgreSQL database, both sending the mail outbox, one mail server
 * that greylists every first attempt: in normal running each application's mail arrives
 * exactly once, whichever instance took the application and whichever sent or retried its
 * mail (claims with FOR UPDATE SKIP LOCKED and a lease: docs/decisions/207).
 */

const received: string[] = [];
const greylisted = new Set<string>();

describe("the mail outbox across two instances", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  let smtp: SMTPServer;
  const instances: Instance[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, callback) {
        // Every address is refused for now once, so both instances' polls race for the retries.
        if (greylisted.has(address.address)) return callback();
        greylisted.add(address.address);
        callback(Object.assign(new Error("Greylisted: try again later"), { responseCode: 451 }));
      },
      onData(stream, session, callback) {
        stream.on("data", () => {});
        stream.on("end", () => {
          received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    server = await findTestServer();
    let databaseUrl: string;
    ({ url: databaseUrl, drop } = await createTestDatabase(server.adminUrl));
    const env = {
      PETSTORE_RATE_LIMIT: "0",
      PETSTORE_APPLICATIONS_PER_ADDRESS: "0",
      PETSTORE_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PETSTORE_PUBLIC_URL: "http://127.0.0.1:9",
      PETSTORE_SHELTER_EMAIL: "team@shelter.example.org",
      PETSTORE_MAIL_RETRY_SCHEDULE: "200ms,200ms,200ms,200ms,200ms",
    };
    instances.push(await startInstance("mail-a", databaseUrl, { env }));
    instances.push(await startInstance("mail-b", databaseUrl, { env }));
  }, 180_000);

  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await drop?.();
    await server?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it("sends each application's mail once, whichever instance took it", async () => {
    const [a, b] = instances as [Instance, Instance];
    const count = 30;
    const petIds: number[] = [];
    for (let index = 0; index < count; index++) {
      const response = await fetch(`${a.baseUrl}/v1/pets`, {
        method: "POST",
        headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ name: `Mailed ${index}`, categoryId: 1 }),
      });
      expect(response.status).toBe(201);
      petIds.push(((await response.json()) as { id: number }).id);
    }
    const stamp = formStampOf(await (await fetch(`${a.baseUrl}/pets/${petIds[0]}/apply`)).text());
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    const answers = await Promise.all(
      petIds.map((petId, index) =>
        fetch(`${(index % 2 ? a : b).baseUrl}/pets/${petId}/apply`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
          body: encode(goodFields(`adopter-${index}@example.org`, { formStamp: stamp })),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(petIds.map(() => 303));

    const adopters = () => received.filter((address) => address.startsWith("adopter-"));
    await expect.poll(() => adopters().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(count);
    await expect.poll(() => received.filter((address) => address.startsWith("team@")).length).toBe(count);
    // Time for a duplicate to show up, if one were coming.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(adopters().sort()).toEqual(petIds.map((_, index) => `adopter-${index}@example.org`).sort());
    expect(received.filter((address) => address.startsWith("team@"))).toHaveLength(count);
  }, 120_000);
});
