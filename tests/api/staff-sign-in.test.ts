import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareOwnStore } from "@/tests/api/support/own-store";
import { startFrontServer, type FrontServerProcess } from "@/tests/support/front-server-process";

/**
 * Issue 25: staff accounts from an empty store. A server of the test's own (its first start
 * prints the set-up link) on the suite's store: the first admin, sign-in and sign-out, the
 * session cookie, the console's bearer dying with its session, cross-site refusals, the
 * failed sign-in limit and password changes (docs/decisions/189). Each password check costs
 * about half a second of scrypt, so the file keeps them few.
 */

const KEY = "staff-sign-in-key-3f9a2c7e51";
const own = prepareOwnStore("staff-sign-in");
let server: FrontServerProcess;
let base = "";
let origin = "";
const PASSWORD = "a long enough passphrase";

beforeAll(async () => {
  server = await startFrontServer(own.port, {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_DATABASE_URL: own.databaseUrl,
    PETSTORE_API_KEYS: KEY,
    PETSTORE_RATE_LIMIT: "0",
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
  cookie: string | undefined;
  setCookie: string;
}

async function send(
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; origin?: string | null } = {},
): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.cookie) headers.Cookie = options.cookie;
  const from = options.origin === undefined ? origin : options.origin;
  if (from) headers.Origin = from;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const setCookie = response.headers.get("set-cookie") ?? "";
  const pair = /^(petstore_session=[^;]+)/.exec(setCookie)?.[1];
  return { status: response.status, json: text ? JSON.parse(text) : {}, cookie: pair, setCookie };
}

const me = (bearer: string) => fetch(`${base}/v1/me`, { headers: { Authorization: `Bearer ${bearer}` } });
const signIn = (email: string, password: string) => send("POST", "/auth/sign-in", { body: { email, password } });

describe("the first admin", () => {
  it("comes from the set-up link printed once, which then stops working", async () => {
    // On the address the server was started with (`npm start -p PORT -H 127.0.0.1`), not PORT's default.
    const token = new RegExp(`http://127\\.0\\.0\\.1:${own.port}/staff/welcome#setup=([A-Za-z0-9_-]+)`).exec(
      server.output(),
    )?.[1];
    expect(token, server.output()).toBeDefined();
    expect(server.output()).not.toMatch(/"msg":"[^"]*setup=/); // the JSON log never carries it

    const badToken = await send("POST", "/auth/setup", {
      body: { token: `${token}x`, name: "Ada", email: "ada@example.org", password: PASSWORD },
    });
    expect(badToken.status).toBe(410);
    const setUp = await send("POST", "/auth/setup", {
      body: { token, name: "Ada Admin", email: "Ada@Example.org", password: PASSWORD },
    });
    expect(setUp.status).toBe(200);
    expect(setUp.json).toMatchObject({ person: { email: "ada@example.org", role: "admin", hasPassword: true } });
    expect(setUp.setCookie).toMatch(/^petstore_session=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const answer = await me(setUp.json.bearer as string);
    expect(await answer.json()).toMatchObject({ name: "Ada Admin", role: "admin" });

    const again = await send("POST", "/auth/setup", {
      body: { token, name: "Eve", email: "eve@example.org", password: PASSWORD },
    });
    expect(again.status).toBe(410);
    expect(again.json.code).toBe("invalid_invitation");
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
    expect(out.setCookie).toContain("Max-Age=0");
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

  it("changes a password only given the current one", async () => {
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
    const changed = await send("POST", "/auth/password", {
      cookie: signedIn.cookie,
      body: { currentPassword: PASSWORD, newPassword: "another long passphrase" },
    });
    expect(changed.status).toBe(204);
    expect((await signIn("ada@example.org", PASSWORD)).status).toBe(401);
    expect((await signIn("ada@example.org", "another long passphrase")).status).toBe(200);
  });
});

describe("failed sign-ins", () => {
  it("are limited per account, the same whether or not the e-mail has one", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 11 }, () => signIn("guessed@example.org", "one guess after another")),
    );
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    const limited = await signIn("guessed@example.org", "one guess after another");
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/try again in \d+ minutes?/);
  }, 60_000);
});
