import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { startFrontServer, type FrontServerProcess } from "@/tests/support/front-server-process";
import { prepareOwnStore } from "@/tests/api/support/own-store";

/**
 * Issue 37, items 4 and 2: the last active admin cannot be removed by two changes at once
 * (docs/decisions/204), and erasing a person with `npm run users` revokes the keys they issued
 * (docs/decisions/203). A server of the file's own, on the suite's store, so that it alone
 * decides who the admins are (the suite's server has admins of every other test).
 */

const own = prepareOwnStore("last-admin");
const OPERATOR_KEY = "last-admin-operator-key-8f3c2a91d7";
let server: FrontServerProcess | undefined;

afterAll(async () => {
  if (server) await stop();
});

async function start() {
  server = await startFrontServer(own.port, {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_DATABASE_URL: own.databaseUrl,
    PETSTORE_API_KEYS: OPERATOR_KEY,
    PETSTORE_RATE_LIMIT: "0",
    // fetch reuses idle connections: while `npm run users` runs, none may be closed under it.
    PETSTORE_KEEPALIVE_TIMEOUT_SECONDS: "120",
  });
}

async function stop() {
  server!.child.kill("SIGTERM");
  await server!.exited;
  server = undefined;
}

async function call(pathname: string, init: { method?: string; json?: unknown; key?: string } = {}) {
  const response = await fetch(`http://127.0.0.1:${own.port}${pathname}`, {
    method: init.method ?? (init.json ? "POST" : "GET"),
    headers: {
      authorization: `Bearer ${init.key ?? OPERATOR_KEY}`,
      ...(init.json ? { "content-type": "application/json" } : {}),
    },
    ...(init.json ? { body: JSON.stringify(init.json) } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, json: text ? (JSON.parse(text) as any) : undefined };
}

let people = 0;
async function addAdmin(): Promise<string> {
  people++;
  const created = await call("/v1/people", {
    json: { email: `admin-${people}@example.org`, name: `Admin ${people}`, role: "admin" },
  });
  expect(created.status, created.text).toBe(201);
  return created.json.id as string;
}

const change = (id: string, json: unknown) => call(`/v1/people/${id}`, { method: "PATCH", json });

async function activeAdmins(): Promise<string[]> {
  const listed = await call("/v1/people");
  expect(listed.status, listed.text).toBe(200);
  return (listed.json as { id: string; role: string; active: boolean }[])
    .filter((person) => person.role === "admin" && person.active)
    .map((person) => person.id);
}

describe("the last active admin", () => {
  it("survives two demotions or deactivations of the last two admins at once, round after round", async () => {
    await start();
    let survivor: string | undefined;
    for (let round = 0; round < 20; round++) {
      const [first, second] = [await addAdmin(), await addAdmin()];
      if (survivor) expect((await change(survivor, { role: "staff" })).status).toBe(200);
      expect(await activeAdmins()).toEqual([first, second]);
      const removal = round % 2 === 0 ? { role: "volunteer" } : { active: false };
      const answers = await Promise.all([change(first, removal), change(second, removal)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${round}: ${answers.map((answer) => answer.text).join(" | ")}`).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.json).toMatchObject({ code: "last_admin", status: 409 });
      const left = await activeAdmins();
      expect(left, `round ${round}`).toHaveLength(1);
      survivor = left[0];
    }
  }, 120_000);

  it("erasing a person with `npm run users` revokes the keys they issued", async () => {
    if (!server) await start();
    const admin = await addAdmin();
    // A key the admin issued, as the console would store it: the issuer is kept with the key.
    const { issueKey } = await import("@/lib/keys/key-admin");
    const { openFileKeyStore } = await import("@/lib/keys/file-key-store");
    const { openPostgresKeyStore } = await import("@/lib/keys/postgres-key-store");
    const keys = own.databaseUrl
      ? openPostgresKeyStore({ connectionString: own.databaseUrl })
      : openFileKeyStore(own.dataDir);
    const request = {
      name: "erased admin's",
      scopes: ["people:read" as const, "people:write" as const],
      issuer: { type: "person" as const, id: admin },
    };
    const issued = await issueKey(keys, request).finally(() => keys.close());
    await expect.poll(async () => (await call("/v1/people", { key: issued.key })).status).toBe(200);

    if (!own.databaseUrl) await stop(); // on the file store the server owns the data directory
    execFileSync(
      process.execPath,
      [
        "node_modules/tsx/dist/cli.mjs",
        "--conditions=react-server",
        "scripts/users.ts",
        "erase",
        "--email",
        `admin-${people}@example.org`,
      ],
      {
        env: { ...process.env, PETSTORE_DATA_DIR: own.dataDir, PETSTORE_DATABASE_URL: own.databaseUrl },
        stdio: "pipe",
      },
    );
    if (!server) await start();
    await expect.poll(async () => (await call("/v1/people", { key: issued.key })).status).toBe(401);
    const listed = (await call("/v1/keys")).json as { id: string; revokedAt?: string; issuer: unknown }[];
    expect(listed.find((key) => key.id === issued.record.id)).toMatchObject({
      issuer: { type: "person", id: admin },
      revokedAt: expect.any(String),
    });
  }, 120_000);
});
