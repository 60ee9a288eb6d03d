import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/people/password";
import type { PersonRecord } from "@/lib/people/person";
import { prepareOwnStore } from "@/tests/api/support/own-store";
import { startFrontServer, type FrontServerProcess } from "@/tests/support/front-server-process";
import { SoftwareAuthenticator } from "@/tests/support/software-authenticator";
import { TEST_SCRYPT_COST } from "@/tests/support/test-password-cost";

/**
 * Passkeys through /auth (docs/decisions/188), on a server of the file's own so that people
 * can be seeded into its store before it starts. Requests go to http://localhost:PORT:
 * WebAuthn takes a host name as the site's id, never 127.0.0.1.
 */

const own = prepareOwnStore("passkeys");
const PASSWORD = "correct horse battery staple";
const API_KEY = "passkeys-test-key-5c1e9a7d3b";
const at = new Date().toISOString();
const person = (id: string, email: string): PersonRecord => ({
  id,
  email,
  name: `Name of ${id}`,
  role: "staff",
  active: true,
  createdAt: at,
  updatedAt: at,
});
let anna: PersonRecord;
let ben: PersonRecord;
let server: FrontServerProcess;
let site: string;

async function start() {
  server = await startFrontServer(own.port, {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_DATABASE_URL: own.databaseUrl,
    PETSTORE_API_KEYS: API_KEY,
    // Each test signs in from an address of its own, so the limit test's 429s stay its own.
    PETSTORE_TRUSTED_PROXIES: "127.0.0.1,::1",
    // fetch reuses idle connections: while `npm run users` runs, none may be closed under it.
    PETSTORE_KEEPALIVE_TIMEOUT_SECONDS: "120",
  });
}

async function stop() {
  server.child.kill("SIGTERM");
  await server.exited;
}

/** `npm run users -- <command> --email <email>` on the file's store, as an operator would. */
function users(command: string, email: string) {
  execFileSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/users.ts", command, "--email", email],
    { env: { ...process.env, PETSTORE_DATA_DIR: own.dataDir, PETSTORE_DATABASE_URL: own.databaseUrl }, stdio: "pipe" },
  );
}

/** Writes people into the store: before the start on the file store, into the table on PostgreSQL. */
async function savePeople(people: PersonRecord[]) {
  if (!own.databaseUrl) {
    const lines = people.map((record) => `${JSON.stringify({ person: record })}\n`).join("");
    fs.appendFileSync(path.join(own.dataDir, "people.jsonl"), lines);
    return;
  }
  const client = new pg.Client({ connectionString: own.databaseUrl });
  await client.connect();
  try {
    for (const record of people)
      await client.query(
        `INSERT INTO people (id, email, name, role, active, password_hash, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [record.id, record.email, record.name, record.role, record.active, record.passwordHash, at],
      );
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // At the test servers' cost (docs/decisions/236): each password sign-in verifies against it.
  const passwordHash = await hashPassword(PASSWORD, TEST_SCRYPT_COST);
  anna = { ...person("per_0000000000000a11", "anna@example.org"), passwordHash };
  ben = { ...person("per_0000000000000b22", "ben@example.org"), passwordHash };
  site = `http://localhost:${own.port}`;
  if (!own.databaseUrl) await savePeople([anna, ben]);
  await start();
  if (own.databaseUrl) await savePeople([anna, ben]);
}, 60_000);

afterAll(async () => {
  if (server) await stop();
});

interface Answer {
  status: number;
  body: Record<string, unknown> & { code?: string };
  cookie?: string;
}

let nextAddress = 1;
/** A client address of the test's own (X-Forwarded-For from a trusted proxy). */
const newAddress = () => `198.51.100.${nextAddress++}`;

async function auth(
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; origin?: string | null; address?: string; base?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const origin = options.origin === undefined ? site : options.origin;
  if (origin) headers.Origin = origin;
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.address) headers["X-Forwarded-For"] = options.address;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${options.base ?? site}/auth${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const setCookie = response.headers.get("set-cookie");
  return {
    status: response.status,
    body: text ? JSON.parse(text) : {},
    cookie: setCookie ? setCookie.split(";")[0] : undefined,
  };
}

const cookies = new Map<string, string>();
/** The person's session cookie, signed in with their password once per file (each check costs scrypt's half second). */
async function signInWithPassword(who: PersonRecord): Promise<string> {
  const known = cookies.get(who.id);
  if (known) return known;
  const answer = await auth("POST", "/sign-in", {
    body: { email: who.email, password: PASSWORD },
    address: newAddress(),
  });
  expect(answer.status).toBe(200);
  cookies.set(who.id, answer.cookie!);
  return answer.cookie!;
}

async function addPasskey(cookie: string, authenticator: SoftwareAuthenticator, name = "Work laptop") {
  const started = await auth("POST", "/passkeys/options", { cookie });
  expect(started.status).toBe(200);
  const { options, ceremony } = started.body as { options: never; ceremony: string };
  return auth("POST", "/passkeys", { cookie, body: { ceremony, answer: authenticator.register(options), name } });
}

type SignInOptions = { challenge: string };
async function passkeySignIn(answerWith: (options: SignInOptions) => unknown, address = newAddress()) {
  const started = await auth("POST", "/passkey-sign-in/options", { address });
  expect(started.status).toBe(200);
  const { options, ceremony } = started.body as { options: SignInOptions; ceremony: string };
  const body = { ceremony, answer: answerWith(options) };
  return { answer: await auth("POST", "/passkey-sign-in", { body, address }), body };
}

describe("passkeys", () => {
  let laptop: SoftwareAuthenticator;

  it("a signed-in person adds a named passkey, then signs in with it and no e-mail", async () => {
    const cookie = await signInWithPassword(anna);
    laptop = new SoftwareAuthenticator(site);
    const added = await addPasskey(cookie, laptop);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: "Work laptop", deviceType: "multiDevice", backedUp: true });
    const listed = await auth("GET", "/passkeys", { cookie });
    expect(listed.body).toEqual([added.body]);

    const { answer } = await passkeySignIn((options) => laptop.signIn(options));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ person: { id: anna.id }, bearer: expect.stringMatching(/^pst_/) });
    const sessions = await auth("GET", "/sessions", { cookie: answer.cookie });
    expect(sessions.body).toContainEqual(expect.objectContaining({ method: "passkey", current: true }));
  });

  it("refuses a replayed answer, a forged signature, another site's answer and an unknown passkey alike", async () => {
    const { answer, body } = await passkeySignIn((options) => laptop.signIn(options));
    expect(answer.status).toBe(200);
    const replayed = await auth("POST", "/passkey-sign-in", { body, address: newAddress() });
    const forged = await passkeySignIn((options) => {
      const genuine = laptop.signIn(options);
      const signature = Buffer.from(genuine.response.signature, "base64url");
      signature[8]! ^= 1;
      return { ...genuine, response: { ...genuine.response, signature: signature.toString("base64url") } };
    });
    const elsewhere = await passkeySignIn((options) => laptop.signIn(options, { origin: "https://evil.example" }));
    const stranger = new SoftwareAuthenticator(site);
    const unknown = await passkeySignIn((options) => stranger.signIn(options));
    const madeUp = await auth("POST", "/passkey-sign-in", {
      body: { ...body, ceremony: `${"e".repeat(40)}.${"A".repeat(43)}` },
      address: newAddress(),
    });
    for (const refused of [replayed, forged.answer, elsewhere.answer, unknown.answer, madeUp]) {
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe("invalid_credentials");
      expect(refused.cookie).toBeUndefined();
    }
  });

  it("refuses a malformed answer, a cross-site request, and a page at an IP address", async () => {
    const malformed = await auth("POST", "/passkey-sign-in", { body: { ceremony: "x", answer: { id: 1 } } });
    expect(malformed).toMatchObject({ status: 400, body: { code: "invalid_body" } });
    const crossSite = await auth("POST", "/passkey-sign-in/options", { origin: "https://evil.example" });
    expect(crossSite).toMatchObject({ status: 403, body: { code: "cross_origin" } });
    const byAddress = `http://127.0.0.1:${own.port}`;
    const ip = await auth("POST", "/passkey-sign-in/options", { base: byAddress, origin: byAddress });
    expect(ip).toMatchObject({ status: 400, body: { code: "passkeys_unavailable" } });
  });

  it("adds passkeys only for a signed-in person, and only answers made for this site", async () => {
    const anonymous = await auth("POST", "/passkeys/options");
    expect(anonymous).toMatchObject({ status: 401, body: { code: "unauthorized" } });
    expect((await auth("GET", "/passkeys")).status).toBe(401);
    const cookie = await signInWithPassword(ben);
    const elsewhere = new SoftwareAuthenticator("http://localhost:1", "localhost");
    const refused = await addPasskey(cookie, elsewhere);
    expect(refused).toMatchObject({ status: 400, body: { code: "invalid_passkey" } });
    const unnamed = await addPasskey(cookie, new SoftwareAuthenticator(site), " ");
    expect(unnamed).toMatchObject({ status: 400, body: { code: "invalid_body" } });
    expect((await auth("GET", "/passkeys", { cookie })).body).toEqual([]);
  });

  it("removes a passkey for its owner only; a removed passkey no longer signs in", async () => {
    const annaCookie = await signInWithPassword(anna);
    const phone = new SoftwareAuthenticator(site);
    const added = await addPasskey(annaCookie, phone, "Phone");
    const id = added.body.id as string;
    const benCookie = await signInWithPassword(ben);
    expect((await auth("DELETE", `/passkeys/${id}`, { cookie: benCookie })).status).toBe(404);
    expect((await auth("DELETE", `/passkeys/${id}`, { cookie: annaCookie })).status).toBe(204);
    expect((await passkeySignIn((options) => phone.signIn(options))).answer.status).toBe(401);
    expect((await passkeySignIn((options) => laptop.signIn(options))).answer.status).toBe(200);
  });

  it("counts failed passkey sign-ins toward the address's sign-in limit", async () => {
    const address = newAddress();
    const forged = {
      ceremony: `${"e".repeat(40)}.${"A".repeat(43)}`,
      answer: new SoftwareAuthenticator(site).signIn({ challenge: "x" }),
    };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++)
      statuses.push((await auth("POST", "/passkey-sign-in", { body: forged, address })).status);
    expect(statuses.slice(0, 29).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await auth("POST", "/passkey-sign-in", { body: forged, address: newAddress() })).status).toBe(401);
    const limited = await auth("POST", "/passkey-sign-in/options", { address });
    expect(limited.status).toBe(200); // asking costs nothing; answering is what is limited
  });

  it("records passkey changes and sign-ins without the passkey's name", async () => {
    const response = await fetch(`http://127.0.0.1:${own.port}/v1/events?limit=100`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    const events = (await response.json()) as { type: string; data: { object: Record<string, unknown> } }[];
    const types = events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(["passkey.added", "passkey.removed", "session.sign_in_failed"]));
    const failed = events.filter((event) => event.type === "session.sign_in_failed");
    expect(failed.map((event) => event.data.object)).toContainEqual({
      method: "passkey",
      reason: "bad_passkey",
      personId: anna.id,
    });
    expect(JSON.stringify(events)).not.toContain("Work laptop");
  });

  it("a deactivated person's passkey no longer signs them in; erasing a person removes theirs", async () => {
    const tablet = new SoftwareAuthenticator(site);
    expect((await addPasskey(await signInWithPassword(ben), tablet, "Ben's tablet")).status).toBe(201);
    // On the file store the server owns the data directory: the command runs while it is stopped.
    if (!own.databaseUrl) await stop();
    users("deactivate", anna.email);
    users("erase", ben.email);
    if (!own.databaseUrl) await start();
    for (const authenticator of [laptop, tablet]) {
      const { answer } = await passkeySignIn((options) => authenticator.signIn(options));
      expect(answer).toMatchObject({ status: 401, body: { code: "invalid_credentials" } });
    }
    const response = await fetch(`http://127.0.0.1:${own.port}/v1/events?type=passkey.removed`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    const removed = (await response.json()) as { data: { object: { personId: string } } }[];
    expect(removed.map((event) => event.data.object.personId)).toContain(ben.id);
  }, 60_000);
});
