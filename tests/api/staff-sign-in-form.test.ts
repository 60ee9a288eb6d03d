import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareOwnStore } from "@/tests/api/support/own-store";
import { startFrontServer, type FrontServerProcess } from "@/tests/support/front-server-process";

/**
 * Issue 40, item 16: the staff console's sign-in as a plain form post (docs/decisions/224),
 * for a visitor whose console script has not arrived or who has JavaScript off. `/staff` and
 * `/staff/sign-in` render the form; posting it signs in with the JSON sign-in's rules (limits,
 * device cookie, generic refusal, cross-site check) and answers a 303 to the console, or the
 * form again with the reason and the e-mail typed. A server of the file's own, on the suite's
 * store, so the set-up hint can be seen before any account exists.
 */

const KEY = "staff-sign-in-form-key-7d41b9e0c2";
const own = prepareOwnStore("staff-sign-in-form");
let server: FrontServerProcess;
let base = "";
const PASSWORD = "a form posted passphrase";
const EMAIL = "form.signer@example.org";
const STRANGER = "198.51.100.44";
const HOME = "203.0.113.44";
/** The sign-in limits' window on this file's server: a day, so counts rarely straddle one. */
const SIGN_IN_WINDOW_MINUTES = 1_440;

beforeAll(async () => {
  server = await startFrontServer(own.port, {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_DATABASE_URL: own.databaseUrl,
    PETSTORE_API_KEYS: KEY,
    PETSTORE_RATE_LIMIT: "0",
    // Loopback is the proxy: X-Forwarded-For names the client, as behind a real one.
    PETSTORE_TRUSTED_PROXIES: "127.0.0.1,::1",
    PETSTORE_SIGN_IN_WINDOW_MINUTES: String(SIGN_IN_WINDOW_MINUTES),
  });
  base = `http://127.0.0.1:${own.port}`;
}, 90_000);

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
});

interface Posted {
  status: number;
  html: string;
  location: string | null;
  setCookie: string[];
  retryAfter: string | null;
  cacheControl: string | null;
}

type From = { origin?: string | null; fetchSite?: string | null; address?: string; cookie?: string };

/** The form as a browser posts it: urlencoded, from our own page unless told otherwise. */
async function post(fields: Record<string, string> | string, from: From = {}): Promise<Posted> {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  // A browser's form post from a page with `Referrer-Policy: no-referrer`: Origin "null".
  const origin = from.origin === undefined ? "null" : from.origin;
  const fetchSite = from.fetchSite === undefined ? "same-origin" : from.fetchSite;
  if (origin !== null) headers.Origin = origin;
  if (fetchSite !== null) headers["Sec-Fetch-Site"] = fetchSite;
  headers["X-Forwarded-For"] = from.address ?? HOME;
  if (from.cookie) headers.Cookie = from.cookie;
  const response = await fetch(`${base}/staff/sign-in`, {
    method: "POST",
    headers,
    body: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get("location"),
    setCookie: response.headers.getSetCookie(),
    retryAfter: response.headers.get("retry-after"),
    cacheControl: response.headers.get("cache-control"),
  };
}

const pair = (setCookie: string[], name: string) =>
  setCookie.map((line) => new RegExp(`^(${name}=[^;]+)`).exec(line)?.[1]).find(Boolean);

const page = (path: string, cookie?: string) =>
  fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} }).then(async (response) => ({
    status: response.status,
    html: await response.text(),
  }));

/** The e-mail field's value as the page renders it. */
const typedEmail = (html: string) =>
  /<input[^>]*id="sign-in-email"[^>]*>/.exec(html)?.[0].match(/value="([^"]*)"/)?.[1];

async function freshWindowFor(seconds: number): Promise<void> {
  const windowMs = SIGN_IN_WINDOW_MINUTES * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

describe("before any account exists", () => {
  it("/staff and the sign-in page render the form and say a set-up link is needed", async () => {
    for (const path of ["/staff", "/staff/sign-in"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toMatch(
        /<form[^>]*method="post"[^>]*action="\/staff\/sign-in"|<form[^>]*action="\/staff\/sign-in"[^>]*method="post"/,
      );
      expect(html, path).toContain("No staff account exists yet");
      expect(html, path).not.toContain('name="apiKey"'); // a key is never in a form the browser may post
    }
  });
});

describe("the sign-in form", () => {
  let device = "";

  beforeAll(async () => {
    await freshWindowFor(120);
    const added = await fetch(`${base}/v1/people`, {
      method: "POST",
      headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: EMAIL, name: "Form Signer", role: "staff" }),
    });
    expect(added.status).toBe(201);
    const token = ((await added.json()) as { invitationUrl: string }).invitationUrl.split("#invitation=")[1];
    const accepted = await fetch(`${base}/auth/invitation`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/json", "X-Forwarded-For": HOME },
      body: JSON.stringify({ token, password: PASSWORD }),
    });
    expect(accepted.status).toBe(200);
  }, 60_000);

  it("no longer shows the set-up hint once an account exists", async () => {
    expect((await page("/staff")).html).not.toContain("No staff account exists yet");
  });

  it("signs in: a 303 to the console with the session and device cookies, and the console knows the person", async () => {
    const signedIn = await post({ email: "  Form.Signer@Example.org ", password: PASSWORD });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe("/staff");
    expect(signedIn.setCookie.find((line) => line.startsWith("petstore_session="))).toMatch(
      /^petstore_session=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
    );
    const session = pair(signedIn.setCookie, "petstore_session")!;
    device = pair(signedIn.setCookie, "petstore_device")!;
    expect(device).toMatch(/^petstore_device=[\w-]{22}\.[\w-]{43}$/);
    const console = await page("/staff", session);
    expect(console.html).toMatch(/Signed in as (<!-- -->)?Form Signer/); // React parts text with a comment
    const resumed = await fetch(`${base}/auth/session`, { method: "POST", headers: { Origin: base, Cookie: session } });
    expect(await resumed.json()).toMatchObject({ signedIn: true, person: { email: EMAIL } });
  });

  it("refuses a wrong password or an unknown e-mail alike: the form again, the e-mail kept, never the password", async () => {
    const wrong = await post({ email: EMAIL, password: "not the passphrase at all" });
    const unknown = await post({ email: "nobody@example.org", password: "not the passphrase at all" });
    for (const [refused, email] of [
      [wrong, EMAIL],
      [unknown, "nobody@example.org"],
    ] as const) {
      expect(refused.status).toBe(401);
      expect(refused.setCookie).toEqual([]);
      expect(refused.cacheControl).toBe("no-store");
      expect(refused.html).toContain("The e-mail or password is not right, or the account is not active.");
      expect(typedEmail(refused.html)).toBe(email);
      expect(refused.html).not.toContain("not the passphrase at all");
      expect(refused.html).toMatch(/<title[^>]*>Error: Sign in to the staff console/);
    }
  });

  it("asks for both fields, keeping what was typed, and refuses nonsense without a 500", async () => {
    const empty = await post({ email: EMAIL, password: "" });
    expect(empty.status).toBe(422);
    expect(empty.html).toContain("Enter your e-mail and password.");
    expect(typedEmail(empty.html)).toBe(EMAIL);
    expect((await post({ email: `${"a".repeat(300)}@example.org`, password: "x" })).status).toBe(422);
    expect((await post("email=%E0%A4%A&password=%")).status).toBe(401); // mangled escapes: an attempt like any
    expect((await post(`email=a&password=${"p".repeat(70_000)}`)).status).toBe(413);
    const json = await fetch(`${base}/staff/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(json.status).toBe(422);
  });

  it("refuses a form from another site, or from no browser page, with no cookie", async () => {
    const crossSite = await post(
      { email: EMAIL, password: PASSWORD },
      { origin: "https://evil.example", fetchSite: "cross-site" },
    );
    const claimed = await post({ email: EMAIL, password: PASSWORD }, { origin: "https://evil.example" });
    const bare = await post({ email: EMAIL, password: PASSWORD }, { origin: null, fetchSite: null });
    for (const refused of [crossSite, claimed, bare]) {
      expect(refused.status).toBe(403);
      expect(refused.setCookie).toEqual([]);
      expect(refused.html).toContain("This form was sent from another site");
    }
    // Without Sec-Fetch-Site (an older browser), this site's own Origin is enough.
    expect((await post({ email: EMAIL, password: PASSWORD }, { origin: base, fetchSite: null })).status).toBe(303);
  });

  it("counts toward the sign-in limits: a stranger is locked out, the person's own browser is not", async () => {
    for (let guess = 0; guess < 10; guess++) {
      expect((await post({ email: EMAIL, password: `guess ${guess}` }, { address: STRANGER })).status).toBe(401);
    }
    const locked = await post({ email: EMAIL, password: PASSWORD }, { address: STRANGER });
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    expect(locked.html).toMatch(
      /Too many failed sign-ins for this account or from this address; try again in \d+ minutes?/,
    );
    expect(typedEmail(locked.html)).toBe(EMAIL);
    // The browser that signed in before carries the device cookie: the stranger's guesses do not lock it.
    expect((await post({ email: EMAIL, password: PASSWORD }, { address: STRANGER, cookie: device })).status).toBe(303);
  }, 120_000);

  it("logs each refusal by the form's route and the client's address, never the e-mail or what was typed", () => {
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"event":"security"'))
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(lines).toContainEqual(
      expect.objectContaining({ kind: "sign_in_failed", route: "/staff/sign-in", clientAddress: STRANGER }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ kind: "cross_site_refused", route: "/staff" }));
    expect(server.output()).not.toMatch(/example\.org|guess \d|passphrase/);
  });
});
