import { afterAll, expect, it } from "vitest";
import { startFrontServer, type FrontServerProcess } from "@/tests/support/front-server-process";
import { prepareOwnStore } from "@/tests/api/support/own-store";

/**
 * Issue 20, finding 1: a category id at 2^53−1 must not let the next create pass the largest
 * safe integer. The next create without an id is refused (409 id_space_exhausted), nothing
 * unreadable reaches the journal, creates with a free id still work, and the store starts
 * again. A server of the test's own, on the store the suite runs on (file or PostgreSQL).
 */

const KEY = "id-limits-test-key-5c1e9a7d3b";
const MAX = Number.MAX_SAFE_INTEGER;

const own = prepareOwnStore("id-limits");
let server: FrontServerProcess | undefined;

afterAll(async () => {
  const child = server?.child;
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

async function start(): Promise<FrontServerProcess> {
  return startFrontServer(own.port, {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_DATABASE_URL: own.databaseUrl,
    PETSTORE_API_KEYS: KEY,
  });
}

async function stop(process: FrontServerProcess): Promise<void> {
  process.child.kill("SIGTERM");
  await process.exited;
}

async function createCategory(body: object): Promise<{ status: number; json: any }> {
  const response = await fetch(`http://127.0.0.1:${own.port}/v1/categories`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

it("refuses the category id after 2^53−1 with a 409, keeps accepting free ids and starts again", async () => {
  server = await start();
  expect(await createCategory({ id: MAX, name: "Max" })).toEqual({ status: 201, json: { id: MAX, name: "Max" } });

  for (let attempt = 0; attempt < 2; attempt++) {
    const refused = await createCategory({ name: "Overflow" });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("id_space_exhausted");
    expect(refused.json.message).not.toContain("Overflow");
  }
  expect(await createCategory({ id: 7, name: "Seven" })).toEqual({ status: 201, json: { id: 7, name: "Seven" } });
  const output = server.output();
  expect(output).not.toContain("Overflow");
  expect(output).not.toContain("internal_error");
  await stop(server);

  server = await start();
  const list = await fetch(`http://127.0.0.1:${own.port}/v1/categories`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  expect(list.status).toBe(200);
  expect(await list.json()).toEqual([
    { id: 7, name: "Seven" },
    { id: MAX, name: "Max" },
  ]);
  expect((await createCategory({ name: "Still overflow" })).status).toBe(409);
  await stop(server);
}, 120_000);
