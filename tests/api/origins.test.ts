import fs from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { api, type ApiResponse } from "@/tests/api/support/api";
import {
  encode,
  goodFields,
  tokenOf as statusTokenOf,
  uniqueEmail as adopterEmail,
} from "@/tests/api/support/applications";
import { createPet } from "@/tests/api/support/pets";
import { addPerson, PASSWORD, tokenOf, uniqueEmail } from "@/tests/api/support/people";

/**
 * Issue 37 item 1: every link the server hands out and every origin it checks comes from its
 * configuration (docs/decisions/201), never from the request's Host or X-Forwarded-Proto. The
 * suite's server sets no PETSTORE_PUBLIC_URL and listens with `-p PORT -H 127.0.0.1`: its origin
 * is derived from those, `http://127.0.0.1:PORT`, the suite's baseUrl. A client that sends
 * `Host: attacker.example` (as anyone can, or a browser on a DNS-rebound name) changes nothing.
 * Item 13: a refused cross-site request leaves a `security` log line with the client address.
 */

const FORGED_HOST = "attacker.example";
const FORGED_ORIGIN = `http://${FORGED_HOST}`;
const base = () => inject("baseUrl");

function logLines(): Record<string, unknown>[] {
  return fs
    .readFileSync(inject("serverLogFile"), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The `security` lines of `kind` for `route`, once the server has written one more than `before`. */
async function securityLines(kind: string, route: string, before = 0): Promise<Record<string, unknown>[]> {
  const find = () =>
    logLines().filter((line) => line.event === "security" && line.kind === kind && line.route === route);
  for (let attempt = 0; attempt < 40 && find().length <= before; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return find();
}

const metaProperty = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

const cookieOf = (response: ApiResponse) => [response.headers["set-cookie"] ?? []].flat().join("\n");

describe("links the server hands out", () => {
  it("names the server's own origin in an invitation and a reset link, whatever Host says", async () => {
    const email = uniqueEmail("forged-host");
    const created = await api("/v1/people", {
      json: { email, name: "Host Forger", role: "volunteer" },
      headers: { host: FORGED_HOST },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.invitationUrl).toMatch(new RegExp(`^${base()}/staff/welcome#invitation=[\\w-]{40,}$`));

    const reset = await api(`/v1/people/${created.json.id}/invitation`, {
      method: "POST",
      headers: { host: FORGED_HOST, "x-forwarded-proto": "https", "x-forwarded-host": FORGED_HOST },
    });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json.invitationUrl).toMatch(new RegExp(`^${base()}/staff/welcome#invitation=`));
  });

  it("gives shared links' og:url and og:image on the server's own origin, whatever Host and X-Forwarded-Proto say", async () => {
    const pet = await createPet();
    for (const path of ["/", `/pets/${pet.id}`]) {
      const page = await api(path, {
        key: null,
        headers: { host: FORGED_HOST, "x-forwarded-proto": "https", "x-forwarded-host": FORGED_HOST },
      });
      expect(page.status, path).toBe(200);
      expect(metaProperty(page.text, "og:url"), path).toBe(`${base()}${path}`);
      expect(metaProperty(page.text, "og:image"), path).toBe(`${base()}/og-image.png`);
      expect(page.text).not.toContain(FORGED_HOST);
    }
  });
});

describe("the staff console's origin check", () => {
  it("refuses a request whose Origin matches a forged Host, and logs its client address and route only", async () => {
    const email = uniqueEmail("rebound");
    const before = (await securityLines("cross_site_refused", "/auth/sign-in")).length;
    const refused = await api("/auth/sign-in", {
      key: null,
      json: { email, password: PASSWORD },
      headers: { host: FORGED_HOST, origin: FORGED_ORIGIN },
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.code).toBe("cross_origin");

    const lines = await securityLines("cross_site_refused", "/auth/sign-in", before);
    expect(lines.length).toBe(before + 1);
    const line = lines.at(-1)!;
    expect(line).toMatchObject({ level: "warn", kind: "cross_site_refused", route: "/auth/sign-in" });
    expect(line.clientAddress).toMatch(/^(?:127\.0\.0\.1|::1)$/);
    const text = JSON.stringify(line);
    expect(text).not.toContain(email);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(FORGED_HOST);
  });

  it("refuses a passkey ceremony from a forged Host's origin", async () => {
    const refused = await api("/auth/passkey-sign-in/options", {
      key: null,
      json: {},
      headers: { host: FORGED_HOST, origin: FORGED_ORIGIN },
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.code).toBe("cross_origin");
  });

  it("makes no Secure or __Host- cookie because an untrusted client says X-Forwarded-Proto: https", async () => {
    const person = await addPerson("volunteer", "forwarded-proto");
    const accepted = await api("/auth/invitation", {
      key: null,
      json: { token: tokenOf(person.invitationUrl), password: PASSWORD },
      headers: { origin: base(), "x-forwarded-proto": "https" },
    });
    expect(accepted.status, accepted.text).toBe(200);
    const cookie = cookieOf(accepted);
    expect(cookie).toMatch(/^petstore_session=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(cookie).not.toContain("__Host-");
  });
});

describe("the adopters' form's origin check", () => {
  it("refuses a form whose Origin matches a forged Host, and logs its client address and route only", async () => {
    const pet = await createPet();
    const email = adopterEmail("rebound");
    const before = (await securityLines("cross_site_refused", "/pets/[petId]/apply")).length;
    const refused = await api(`/pets/${pet.id}/apply`, {
      key: null,
      method: "POST",
      body: encode(goodFields(email)),
      contentType: "application/x-www-form-urlencoded",
      headers: { host: FORGED_HOST, origin: FORGED_ORIGIN },
    });
    expect(refused.status).toBe(403);
    const lines = await securityLines("cross_site_refused", "/pets/[petId]/apply", before);
    expect(lines.length).toBe(before + 1);
    const text = JSON.stringify(lines.at(-1));
    expect(lines.at(-1)!.clientAddress).toMatch(/^(?:127\.0\.0\.1|::1)$/);
    expect(text).not.toContain(email);
  });

  it("refuses a withdrawal from a forged Host's origin, and logs no token", async () => {
    const pet = await createPet();
    const form = (headers: Record<string, string>, fields: Record<string, string>, path: string) =>
      api(path, {
        key: null,
        method: "POST",
        body: encode(fields),
        contentType: "application/x-www-form-urlencoded",
        headers,
      });
    const token = statusTokenOf(
      await form({ origin: base() }, goodFields(adopterEmail("withdraw")), `/pets/${pet.id}/apply`),
    );
    const before = (await securityLines("cross_site_refused", "/applications/[token]")).length;
    const refused = await form(
      { host: FORGED_HOST, origin: FORGED_ORIGIN },
      { intent: "withdraw" },
      `/applications/${token}`,
    );
    expect(refused.status).toBe(403);
    const lines = await securityLines("cross_site_refused", "/applications/[token]", before);
    expect(lines.length).toBe(before + 1);
    expect(JSON.stringify(lines.at(-1))).not.toContain(token);
    const status = await api(`/applications/${token}`, { key: null });
    expect(status.status).toBe(200);
    expect(status.text).not.toContain("This application has been withdrawn");
  });
});
