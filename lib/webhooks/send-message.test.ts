import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAddressPolicy, type AddressPolicy } from "./address-policy";
import { createSender } from "./send-message";

describe("the sender", () => {
  let server: http.Server;
  let url = "";
  let received = 0;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      received += 1;
      request.resume().on("end", () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const message = () => ({ url, secrets: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"], webhookId: "msg_1", body: "{}" });

  it("refuses a literal address the policy refuses, every time it is asked (the check is remembered per URL)", async () => {
    const sender = createSender(parseAddressPolicy("") as AddressPolicy, { timeoutMs: 1_000, maxSockets: 2 });
    for (let i = 0; i < 3; i++) {
      const outcome = await sender.send(message());
      expect(outcome.statusCode).toBeUndefined();
      expect(outcome.error).toMatch(/^127\.0\.0\.1, which deliveries may not reach \(public addresses only\)$/);
    }
    expect(received).toBe(0);
    sender.close();
  });

  it("sends to the same literal address once the policy allows it", async () => {
    const sender = createSender(parseAddressPolicy("127.0.0.0/8") as AddressPolicy, {
      timeoutMs: 1_000,
      maxSockets: 2,
    });
    for (let i = 0; i < 2; i++) expect((await sender.send(message())).statusCode).toBe(204);
    expect(received).toBe(2);
    sender.close();
  });

  it("never quotes what a name resolved to: refused by the policy, or refusing the connection", async () => {
    // `localhost` resolves to 127.0.0.1 (and ::1): internal addresses a receiver's owner
    // should not learn from the attempt's record (issue 37 item 14).
    const strict = createSender(parseAddressPolicy("") as AddressPolicy, { timeoutMs: 1_000, maxSockets: 2 });
    const refused = await strict.send({ ...message(), url: "http://localhost:9/hook" });
    expect(refused.error).toMatch(/^localhost resolves only to addresses deliveries may not reach/);
    strict.close();
    const loose = createSender(parseAddressPolicy("127.0.0.0/8") as AddressPolicy, { timeoutMs: 1_000, maxSockets: 2 });
    const closed = await loose.send({ ...message(), url: "http://localhost:9/hook" });
    expect(closed.statusCode).toBeUndefined();
    expect(closed.error).toMatch(/ECONNREFUSED/);
    for (const outcome of [refused, closed]) expect(outcome.error).not.toMatch(/127\.0\.0\.1|::1/);
    loose.close();
  });

  it("answers a URL it cannot parse with a rejection, not a throw", async () => {
    const sender = createSender(parseAddressPolicy("") as AddressPolicy, { timeoutMs: 1_000, maxSockets: 2 });
    const sent = sender.send({ ...message(), url: "not a url" });
    await expect(sent).rejects.toThrow();
    sender.close();
  });
});
