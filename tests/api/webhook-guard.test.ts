import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { issueTestKey } from "@/tests/api/support/issued-keys";
import { addPerson, uniqueEmail } from "@/tests/api/support/people";

/**
 * Issue 37 item 14 (docs/decisions/210), on the suite's server (which allows 127.0.0.0/8 for
 * the webhook tests' receivers): IPv6 forms that carry an IPv4 address are judged by that
 * address or refused, before any connect; a failed delivery never quotes what an internal
 * name resolved to; a person.updated event names the fields that changed, never their values.
 */

interface Attempt {
  statusCode?: number;
  error?: string;
}

const endpoints: string[] = [];
afterAll(async () => {
  for (const id of endpoints) await api(`/v1/webhooks/${id}`, { method: "DELETE" });
});

async function firstAttempt(url: string, key?: string): Promise<{ attempt: Attempt; endpoint: string }> {
  const created = await api("/v1/webhooks", { json: { url, eventTypes: ["pet.created"] } });
  expect(created.status, created.text).toBe(201);
  const id = (created.json as { id: string }).id;
  endpoints.push(id);
  expect((await api(`/v1/webhooks/${id}/test`, { json: {} })).status).toBe(202);
  for (let attempt = 0; attempt < 150; attempt++) {
    const listed = await api(`/v1/webhooks/${id}/deliveries`, { key });
    expect(listed.status, listed.text).toBe(200);
    const first = (listed.json as { attempts: Attempt[] }[])[0]?.attempts[0];
    if (first) {
      const endpoint = await api(`/v1/webhooks/${id}`, { key });
      return { attempt: first, endpoint: endpoint.text };
    }
    await sleep(100);
  }
  throw new Error(`no attempt to ${url}`);
}

describe("the webhook address guard", () => {
  it.each(["http://[::127.0.0.1]:9/hook", "http://[::7f00:1]:9/hook", "http://[::a00:1]:9/hook"])(
    "refuses %s, an IPv4-compatible IPv6 address, before connecting",
    async (url) => {
      const { attempt } = await firstAttempt(url);
      expect(attempt.statusCode).toBeUndefined();
      expect(attempt.error).toMatch(/which deliveries may not reach/);
    },
  );

  it("never shows a non-admin what an internal name resolved to", async () => {
    const staffLike = await issueTestKey("webhook reader", ["webhooks:read"]);
    await sleep(600); // the server's key cache
    // `localhost` resolves to 127.0.0.1 (allowed here) and ::1; port 9 refuses the connection.
    const { attempt, endpoint } = await firstAttempt("http://localhost:9/hook", staffLike.key);
    expect(attempt.statusCode).toBeUndefined();
    expect(attempt.error).toBeTruthy();
    for (const text of [JSON.stringify(attempt), endpoint]) {
      expect(text).not.toMatch(/127\.0\.0\.1|::1\b|\[::1\]/);
    }
  });
});

describe("a person.updated event", () => {
  it("names the fields an e-mail or name change changed, never their values", async () => {
    const person = await addPerson("volunteer", "renamed");
    const email = uniqueEmail("renamed-to");
    const name = "Quentin Renamed";
    const changed = await api(`/v1/people/${person.id}`, {
      method: "PATCH",
      json: { email, name },
      contentType: "application/merge-patch+json",
    });
    expect(changed.status, changed.text).toBe(200);

    const audit = await api(`/v1/audit?resource=person:${person.id}&type=person.updated`);
    expect(audit.status, audit.text).toBe(200);
    const [entry] = audit.json as { changes: { field: string; from?: unknown; to?: unknown }[] }[];
    expect(entry?.changes).toEqual([{ field: "email" }, { field: "name" }]);

    type Updated = { data: { object: { id: string }; changes?: string[] } };
    let event: Updated | undefined;
    let feed = await api("/v1/events?type=person.updated&limit=100");
    for (let page = 0; !event && page < 100; page++) {
      expect(feed.status, feed.text).toBe(200);
      event = (feed.json as Updated[]).find((found) => found.data.object.id === person.id);
      if (event || (feed.json as Updated[]).length === 0) break;
      feed = await api(/^<([^>]+)>/.exec(String(feed.headers.link))![1]!);
    }
    expect(event?.data.changes).toEqual(["email", "name"]);
    // The audit names the person as their account holds them now (for people:read: decision
    // 187); what changed, and the event itself, carry no value, old or new.
    for (const text of [JSON.stringify(entry?.changes), feed.text, audit.text]) {
      expect(text).not.toContain(email);
      expect(text).not.toContain(person.email);
      expect(text).not.toContain(person.name);
    }
    expect(feed.text).not.toContain(name);
  });
});
