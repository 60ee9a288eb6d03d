import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PEOPLE_FILE } from "@/lib/people/file-account-store";
import { prepareOwnStore } from "@/tests/api/support/own-store";
import { startFrontServer, type FrontServerProcess } from "@/tests/support/front-server-process";

/**
 * The one server of the suites that hashes passwords at production's full cost (the others
 * are given a cheap one: docs/decisions/236), for what only the full cost shows: a crowd of
 * sign-ins that fills the hashing gate (docs/decisions/205), and that a server started
 * without PETSTORE_TEST_PASSWORD_COST stores full-strength hashes. The gate lives in the
 * process, not the store, so this runs once, by the `api` suite, on the file store (vitest.config.mts).
 */

const KEY = "sign-in-crowd-key-7c2e9b41d5";
const PASSWORD = "a crowd cannot lock me out";
const own = prepareOwnStore("sign-in-crowd");
let server: FrontServerProcess;
let base = "";

beforeAll(async () => {
  server = await startFrontServer(own.port, {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_API_KEYS: KEY,
    PETSTORE_RATE_LIMIT: "0",
    // Loopback is the proxy: X-Forwarded-For names the client, as behind a real one.
    PETSTORE_TRUSTED_PROXIES: "127.0.0.1,::1",
    // Empty is unset: production's cost, whatever tests/support/front-server-process.ts gives.
    PETSTORE_TEST_PASSWORD_COST: "",
  });
  base = `http://127.0.0.1:${own.port}`;
}, 90_000);

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
});

async function post(pathname: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, ...headers },
    body: JSON.stringify(body),
  });
  const device = response.headers
    .getSetCookie()
    .map((line) => /^(petstore_device=[^;]+)/.exec(line)?.[1])
    .find(Boolean);
  return { status: response.status, json: (await response.json()) as Record<string, string>, device };
}

/** An admin added with the file's key, who sets their password through their link (a browser the account knows). */
async function addAdmin(email: string) {
  const added = await fetch(`${base}/v1/people`, {
    method: "POST",
    headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({ email, name: "Ada Admin", role: "admin" }),
  }).then(async (response) => ({ status: response.status, json: (await response.json()) as Record<string, string> }));
  expect(added.status).toBe(201);
  const token = added.json.invitationUrl!.split("#invitation=")[1];
  const accepted = await post("/auth/invitation", { token, password: PASSWORD }, { "X-Forwarded-For": "203.0.113.9" });
  expect(accepted.status).toBe(200);
  expect(accepted.device).toBeDefined();
  return { id: added.json.id!, device: accepted.device! };
}

it("stores production's full-strength hash when started without the test cost", async () => {
  const { id } = await addAdmin("full.strength@example.org");
  const stored = fs
    .readFileSync(path.join(own.dataDir, PEOPLE_FILE), "utf8")
    .split("\n")
    .filter((line) => line.includes(id) && line.includes("scrypt$"));
  expect(stored.length).toBeGreaterThan(0);
  for (const line of stored) expect(line).toMatch(/scrypt\$131072\$8\$1\$/);
}, 60_000);

// About 34 full-cost hashes, two at a time: seconds on an idle machine, minutes on a loaded one.
it("from many addresses at once, failed sign-ins leave the known browser of an admin a place in the password check", async () => {
  const ada = await addAdmin("ada@example.org");
  const signIn = (email: string, from: string, cookie?: string) =>
    post(
      "/auth/sign-in",
      { email, password: email.startsWith("nobody") ? "a guess from a crowd" : PASSWORD },
      { "X-Forwarded-For": from, ...(cookie ? { Cookie: cookie } : {}) },
    );
  const crowd = Array.from({ length: 45 }, (_, i) => signIn(`nobody-${i}@example.org`, `198.51.100.${100 + i}`));
  // Once a stranger is turned away, the check is as full as strangers can make it.
  await Promise.any(crowd.map((attempt) => attempt.then((sent) => sent.status === 503 || Promise.reject())));
  const admin = await signIn("ada@example.org", "192.0.2.78", ada.device);
  expect(admin.status).toBe(200);
  const statuses = (await Promise.all(crowd)).map((sent) => sent.status);
  expect(statuses).toContain(503);
  expect(statuses.filter((status) => status !== 503).every((status) => status === 401)).toBe(true);
  // Each refusal is logged with the client's address, never the e-mail or what was typed.
  const security = server
    .output()
    .split("\n")
    .filter((line) => line.includes('"event":"security"'));
  const unknown = security.filter((line) => line.includes('"reason":"unknown_account"'));
  expect(
    unknown.some((line) => line.includes('"clientAddress":"198.51.100.1')),
    security.join("\n"),
  ).toBe(true);
  expect(security.join("\n")).not.toMatch(/example\.org|guess|crowd cannot/);
}, 240_000);
