import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareOwnStore } from "@/tests/api/support/own-store";
import { startFrontServer, type FrontServerProcess } from "@/tests/support/front-server-process";

/**
 * Issue 25: staff accounts from an empty store. A server of the test's own (its first start
 * prints the set-up link) on the suite's store: the first admin, sign-in and sign-out, the
 * session cookie, the console's bearer dying with its session, cross-site refusals, the
 * failed sign-in limit and password changes (docs/decisions/189). Its server hashes at the
 * suites' cheap test cost (tests/support/test-password-cost.ts); the crowd that fills the
 * hashing gate needs production's, and has a file of its own: sign-in-crowd.test.ts.
 */

const KEY = "staff-sign-in-key-3f9a2c7e51";
const own = prepareOwnStore("staff-sign-in");
let server: FrontServerProcess;
let base = "";
let origin = "";
const PASSWORD = "a long enough passphrase";
/** The sign-in limits' window on this file's server: a day. */
const SIGN_IN_WINDOW_MINUTES = 1_440;
/** Ada's id and password as the tests change it. */
let adaId = "";
let adaPassword = PASSWORD;

beforeAll(async () => {
  server = await startFrontServer(own.port, {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_DATABASE_URL: own.databaseUrl,
    PETSTORE_API_KEYS: KEY,
    PETSTORE_RATE_LIMIT: "0",
    // Loopback is the proxy: X-Forwarded-For names the client, as behind a real one.
    PETSTORE_TRUSTED_PROXIES: "127.0.0.1,::1",
    // One window a day (ending at midnight UTC), so the failed sign-ins' counts almost never
    // straddle a window's end and freshWindowFor almost never waits.
    PETSTORE_SIGN_IN_WINDOW_MINUTES: String(SIGN_IN_WINDOW_MINUTES),
  });
  base = `http://127.0.0.1:${own.port}`;
  origin = base;
}, 90_000);

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
});

interface Sent {
  status: number;
  json: Record<string, unknown>;
  /** The session cookie set, as a Cookie header's pair. */
  cookie: string | undefined;
  /** The device cookie set (a browser the account knows), as a Cookie header's pair. */
  device: string | undefined;
  setCookie: string[];
  retryAfter: string | null;
}

async function send(
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; origin?: string | null; from?: string } = {},
): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.from) headers["X-Forwarded-For"] = options.from;
  const from = options.origin === undefined ? origin : options.origin;
  if (from) headers.Origin = from;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const setCookie = response.headers.getSetCookie();
  const pair = (name: string) => setCookie.map((line) => new RegExp(`^(${name}=[^;]+)`).exec(line)?.[1]).find(Boolean);
  return {
    status: response.status,
    json: text ? JSON.parse(text) : {},
    cookie: pair("petstore_session"),
    device: pair("petstore_device"),
    setCookie,
    retryAfter: response.headers.get("retry-after"),
  };
}

const me = (bearer: string) => fetch(`${base}/v1/me`, { headers: { Authorization: `Bearer ${bearer}` } });
const signIn = (email: string, password: string, options: { from?: string; cookie?: string } = {}) =>
  send("POST", "/auth/sign-in", { body: { email, password }, ...options });
const v1 = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${base}${path}`, {
    method: init.method ?? (init.body ? "POST" : "GET"),
    headers: { Authorization: `Bearer ${KEY}`, ...(init.body ? { "Content-Type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  }).then(async (response) => ({ status: response.status, json: (await response.json()) as Record<string, string> }));

/** A person added with the suite's key, their password set through their link (from `from`). */
async function addPerson(email: string, password: string, from: string) {
  const added = await v1("/v1/people", { body: { email, name: "Bea Staff", role: "staff" } });
  expect(added.status).toBe(201);
  const token = added.json.invitationUrl!.split("#invitation=")[1];
  const accepted = await send("POST", "/auth/invitation", { body: { token, password }, from });
  expect(accepted.status).toBe(200);
  return { id: added.json.id!, accepted };
}

describe("the first admin", () => {
  it("comes from the set-up link printed once, which then stops working", async () => {
    // On the address the server was started with (`npm start -p PORT -H 127.0.0.1`), not PORT's default.
    const token = new RegExp(`http://127\\.0\\.0\\.1:${own.port}/staff/welcome#setup=([A-Za-z0-9_-]+)`).exec(
      server.output(),
    )?.[1];
    expect(token, server.output()).toBeDefined();
    expect(server.output()).not.toMatch(/"msg":"[^"]*setup=/); // the JSON log never carries it

    // Before any account, the sign-in screen learns that a set-up link is needed, and the
    // welcome page that this one is good (docs/decisions/218).
    expect((await send("GET", "/auth/setup")).json).toEqual({ needed: true });
    expect((await send("POST", "/auth/link-check", { body: { kind: "setup", token } })).json).toEqual({ usable: true });
    expect((await send("POST", "/auth/link-check", { body: { kind: "setup", token: `${token}x` } })).json).toEqual({
      usable: false,
    });
    const badToken = await send("POST", "/auth/setup", {
      body: { token: `${token}x`, name: "Ada", email: "ada@example.org", password: PASSWORD },
    });
    expect(badToken.status).toBe(410);
    const common = await send("POST", "/auth/setup", {
      body: { token, name: "Ada Admin", email: "ada@example.org", password: "password1234" },
    });
    expect(common.status).toBe(400);
    expect(common.json.details).toEqual([{ field: "password", message: expect.stringMatching(/most common/) }]);
    const setUp = await send("POST", "/auth/setup", {
      body: { token, name: "Ada Admin", email: "Ada@Example.org", password: PASSWORD },
    });
    expect(setUp.status).toBe(200);
    expect(setUp.json).toMatchObject({ person: { email: "ada@example.org", role: "admin", hasPassword: true } });
    adaId = (setUp.json.person as { id: string }).id;
    expect(setUp.setCookie[0]).toMatch(/^petstore_session=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const answer = await me(setUp.json.bearer as string);
    expect(await answer.json()).toMatchObject({ name: "Ada Admin", role: "admin" });

    const again = await send("POST", "/auth/setup", {
      body: { token, name: "Eve", email: "eve@example.org", password: PASSWORD },
    });
    expect(again.status).toBe(410);
    expect(again.json.code).toBe("invalid_invitation");
    expect((await send("GET", "/auth/setup")).json).toEqual({ needed: false });
    expect((await send("POST", "/auth/link-check", { body: { kind: "setup", token } })).json).toEqual({
      usable: false,
    });
  });
});

describe("a person's session", () => {
  it("signs in, comes back with its cookie, and ends on sign-out, its bearer with it", async () => {
    const signedIn = await signIn(" ADA@example.org ", PASSWORD);
    expect(signedIn.status).toBe(200);
    const bearer = signedIn.json.bearer as string;
    expect(bearer).toMatch(/^pst_[0-9a-f]{16}_[\w-]{43}$/);
    expect((await me(bearer)).status).toBe(200);

    const resumed = await send("POST", "/auth/session", { cookie: signedIn.cookie });
    expect(resumed.json).toMatchObject({ signedIn: true, bearer });
    const sessions = await send("GET", "/auth/sessions", { cookie: signedIn.cookie, origin: null });
    expect(sessions.status).toBe(200);
    const listed = sessions.json as unknown as { id: string; current: boolean }[];
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(signedIn.cookie!.split("=")[1]);

    const out = await send("POST", "/auth/sign-out", { cookie: signedIn.cookie });
    expect(out.status).toBe(204);
    expect(out.setCookie.join()).toContain("Max-Age=0");
    expect((await me(bearer)).status).toBe(401);
    expect((await send("POST", "/auth/session", { cookie: signedIn.cookie })).json).toEqual({ signedIn: false });
  });

  it("answers a wrong password and an unknown e-mail alike, and records both without the e-mail", async () => {
    const wrong = await signIn("ada@example.org", "not the password at all");
    const unknown = await signIn("nobody@example.org", "not the password at all");
    expect(wrong.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.json.code).toBe("invalid_credentials");
    const events = await fetch(`${base}/v1/events?type=session.sign_in_failed`, {
      headers: { Authorization: `Bearer ${KEY}` },
    }).then((response) => response.json() as Promise<{ data: { object: Record<string, string> } }[]>);
    expect(events.map((event) => event.data.object.reason)).toEqual(["wrong_password", "unknown_account"]);
    expect(JSON.stringify(events)).not.toMatch(/example\.org|not the password/);
  });

  it("refuses cookie requests from another site, or from no page at all", async () => {
    const signedIn = await signIn("ada@example.org", PASSWORD);
    for (const from of ["https://evil.example", null]) {
      const refused = await send("POST", "/auth/sign-out", { cookie: signedIn.cookie, origin: from });
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe("cross_origin");
    }
    const crossSignIn = await send("POST", "/auth/sign-in", {
      body: { email: "ada@example.org", password: PASSWORD },
      origin: "https://evil.example",
    });
    expect(crossSignIn.status).toBe(403);
    expect((await me(signedIn.json.bearer as string)).status).toBe(200);
  });

  it("signs out everywhere at once", async () => {
    const first = await signIn("ada@example.org", PASSWORD);
    const second = await signIn("ada@example.org", PASSWORD);
    expect((await send("DELETE", "/auth/sessions", { cookie: first.cookie })).status).toBe(204);
    for (const session of [first, second]) expect((await me(session.json.bearer as string)).status).toBe(401);
  });

  it("changes a password only given the current one, and never to a common one", async () => {
    const signedIn = await signIn("ada@example.org", PASSWORD);
    const refused = await send("POST", "/auth/password", {
      cookie: signedIn.cookie,
      body: { currentPassword: "a wrong guess here", newPassword: "another long passphrase" },
    });
    expect(refused.status).toBe(400);
    const short = await send("POST", "/auth/password", {
      cookie: signedIn.cookie,
      body: { currentPassword: PASSWORD, newPassword: "short" },
    });
    expect(short.json.details).toEqual([{ field: "newPassword", message: "must be at least 12 characters" }]);
    for (const [weak, rule] of [
      ["password1234", /most common/],
      ["aaaaaaaaaaaa", /repeated/],
    ] as const) {
      const refusedWeak = await send("POST", "/auth/password", {
        cookie: signedIn.cookie,
        body: { currentPassword: PASSWORD, newPassword: weak },
      });
      expect(refusedWeak.status).toBe(400);
      expect(refusedWeak.json.details).toEqual([{ field: "newPassword", message: expect.stringMatching(rule) }]);
    }
    const changed = await send("POST", "/auth/password", {
      cookie: signedIn.cookie,
      body: { currentPassword: PASSWORD, newPassword: "another long passphrase" },
    });
    expect(changed.status).toBe(204);
    adaPassword = "another long passphrase";
    expect((await signIn("ada@example.org", PASSWORD)).status).toBe(401);
    expect((await signIn("ada@example.org", adaPassword)).status).toBe(200);
  });

  it("ends every other session on a password change, and every one when a reset link is used", async () => {
    const here = await signIn("ada@example.org", adaPassword);
    const elsewhere = await signIn("ada@example.org", adaPassword);
    const changed = await send("POST", "/auth/password", {
      cookie: here.cookie,
      body: { currentPassword: adaPassword, newPassword: "a third long passphrase" },
    });
    expect(changed.status).toBe(204);
    adaPassword = "a third long passphrase";
    expect((await me(elsewhere.json.bearer as string)).status).toBe(401);
    expect((await send("POST", "/auth/session", { cookie: elsewhere.cookie })).json).toEqual({ signedIn: false });
    expect((await me(here.json.bearer as string)).status).toBe(200);
    expect((await send("POST", "/auth/session", { cookie: here.cookie })).json.signedIn).toBe(true);

    // An admin's reset: whoever uses the link sets the password, and every earlier session ends.
    const reset = await v1(`/v1/people/${adaId}/invitation`, { method: "POST" });
    expect(reset.status).toBe(200);
    const token = reset.json.invitationUrl!.split("#invitation=")[1];
    const weak = await send("POST", "/auth/invitation", { body: { token, password: "aaaaaaaaaaaa" } });
    expect(weak.json.details).toEqual([{ field: "password", message: expect.stringMatching(/repeated/) }]);
    const used = await send("POST", "/auth/invitation", { body: { token, password: "a fourth long passphrase" } });
    expect(used.status).toBe(200);
    adaPassword = "a fourth long passphrase";
    expect((await me(here.json.bearer as string)).status).toBe(401);
    expect((await send("POST", "/auth/session", { cookie: here.cookie })).json).toEqual({ signedIn: false });
    expect((await me(used.json.bearer as string)).status).toBe(200);
  });
});

/** Waits, if need be, for a fresh window of the limits, so a test's counts fall in one. */
async function freshWindowFor(seconds: number): Promise<void> {
  const windowMs = SIGN_IN_WINDOW_MINUTES * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

describe("failed sign-ins (docs/decisions/205)", () => {
  const BEA = "bea@example.org";
  const BEA_PASSWORD = "bea's very own passphrase";
  const BEA_HOME = "203.0.113.5";
  const STRANGER = "198.51.100.1";
  let bea = { id: "", device: "" };

  beforeAll(async () => {
    await freshWindowFor(150);
    const { id, accepted } = await addPerson(BEA, BEA_PASSWORD, BEA_HOME);
    expect(accepted.device).toMatch(/^petstore_device=[\w-]{22}\.[\w-]{43}$/);
    bea = { id, device: accepted.device! };
  }, 180_000);

  it("refuse the guesser's address the 11th attempt on an account, with the right password too, and not the owner's", async () => {
    for (let guess = 0; guess < 10; guess++)
      expect((await signIn(BEA, `guess number ${guess}`, { from: STRANGER })).status).toBe(401);
    const eleventh = await signIn(BEA, BEA_PASSWORD, { from: STRANGER });
    expect(eleventh.status).toBe(429);
    expect(eleventh.json.message).toMatch(/try again in \d+ minutes?/);
    expect(Number(eleventh.retryAfter)).toBeGreaterThan(0);
    // The owner, from their own address (no device cookie needed) or their known browser anywhere.
    expect((await signIn(BEA, BEA_PASSWORD, { from: BEA_HOME })).status).toBe(200);
    expect((await signIn(BEA, BEA_PASSWORD, { from: STRANGER, cookie: bea.device })).status).toBe(200);
  }, 120_000);

  it("count every address of one IPv6 /64 as one client", async () => {
    for (let guess = 1; guess <= 10; guess++) {
      const from = `2001:db8:1:2::${guess.toString(16)}`;
      expect((await signIn(BEA, "a guess from one /64", { from })).status).toBe(401);
    }
    expect((await signIn(BEA, BEA_PASSWORD, { from: "2001:db8:1:2:ffff:ffff:ffff:fffe" })).status).toBe(429);
    expect((await signIn(BEA, BEA_PASSWORD, { from: "2001:db8:1:3::1" })).status).toBe(200);
  }, 120_000);

  it("close an account guessed at from many addresses to browsers it does not know, never to the owner's", async () => {
    // 20 failures so far; 30 more from three other addresses make the account's 50.
    for (const from of ["198.51.100.3", "198.51.100.4", "198.51.100.5"])
      for (let guess = 0; guess < 10; guess++)
        expect((await signIn(BEA, "a guess from a crowd", { from })).status).toBe(401);
    expect((await signIn(BEA, BEA_PASSWORD, { from: "192.0.2.77" })).status).toBe(429);
    expect((await signIn(BEA, BEA_PASSWORD, { from: "192.0.2.77", cookie: bea.device })).status).toBe(200);
  }, 150_000);

  it("include wrong current passwords at /auth/password, and refuse a change while limited", async () => {
    const from = "198.51.100.211";
    const signedIn = await signIn("ada@example.org", adaPassword, { from });
    for (let guess = 0; guess < 10; guess++) {
      const wrong = await send("POST", "/auth/password", {
        cookie: signedIn.cookie,
        from,
        body: { currentPassword: `wrong guess ${guess}`, newPassword: "a fifth long passphrase" },
      });
      expect(wrong.status).toBe(400);
    }
    const limited = await send("POST", "/auth/password", {
      cookie: signedIn.cookie,
      from,
      body: { currentPassword: adaPassword, newPassword: "a fifth long passphrase" },
    });
    expect(limited.status).toBe(429);
    expect((await signIn("ada@example.org", adaPassword, { from })).status).toBe(429);
  }, 120_000);

  it("are logged with the client's address and the account's id, never the e-mail or what was typed", () => {
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"event":"security"'))
      .map((line) => JSON.parse(line) as Record<string, string>);
    const at = (clientAddress: string, fields: Record<string, string>) =>
      expect(lines, JSON.stringify(lines)).toContainEqual(expect.objectContaining({ clientAddress, ...fields }));
    at(STRANGER, { kind: "sign_in_failed", route: "/auth/sign-in", personId: bea.id, reason: "wrong_password" });
    at(STRANGER, { kind: "sign_in_locked", personId: bea.id, reason: "client" });
    at(STRANGER, { kind: "sign_in_failed", personId: bea.id, reason: "locked" });
    at("2001:db8:1:2::1", { kind: "sign_in_failed", reason: "wrong_password" });
    at("198.51.100.5", { kind: "sign_in_locked", personId: bea.id, reason: "account" });
    at("198.51.100.211", { kind: "password_change_refused", route: "/auth/password", personId: adaId });
    expect(JSON.stringify(lines)).not.toMatch(/example\.org|guess|passphrase/);
  });
});
