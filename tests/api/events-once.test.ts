import { execFileSync } from "node:child_process";
import { afterAll, expect, it } from "vitest";
import { prepareOwnStore } from "@/tests/api/support/own-store";
import { startFrontServer, type FrontServerProcess } from "@/tests/support/front-server-process";
import { startWebhookReceiver } from "@/tests/support/webhook-receiver";

/**
 * Issue 37 item 15: each event once. The first admin made by `npm run users -- create` while
 * no server runs, then a server started and restarted on that store: the feed and the audit
 * list each event id once, and a restart adds no copies of the people's events (on the file
 * store, the accounts file offers its events again at every open: the log must keep each id
 * once), and a webhook endpoint is sent none of them again. Runs on the suite's store, so on
 * both.
 */

const KEY = "events-once-key-5d2b8e1a7c";
const PASSWORD = "seven otters juggle marmalade";
const own = prepareOwnStore("events-once");
let server: FrontServerProcess | undefined;
const receiver = startWebhookReceiver();

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await (await receiver).close();
});

const base = () => `http://127.0.0.1:${own.port}`;
const env = () => ({
  PETSTORE_DATA_DIR: own.dataDir,
  PETSTORE_DATABASE_URL: own.databaseUrl,
  PETSTORE_API_KEYS: KEY,
  PETSTORE_PUBLIC_URL: base(),
  PETSTORE_RATE_LIMIT: "0",
  PETSTORE_WEBHOOK_ALLOW_PRIVATE: "127.0.0.0/8",
});

async function start() {
  server = await startFrontServer(own.port, env());
}

async function stop() {
  server?.child.kill("SIGTERM");
  await server?.exited;
  server = undefined;
}

async function read<T>(path: string): Promise<T> {
  const response = await fetch(`${base()}${path}`, { headers: { Authorization: `Bearer ${KEY}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Every event in the feed and every entry of the audit, by id and type. */
async function logs() {
  const feed = await read<{ id: string; type: string }[]>("/v1/events?limit=100");
  const audit = await read<{ id: string; type: string }[]>("/v1/audit?limit=100");
  return {
    feed: feed.map((event) => `${event.type} ${event.id}`),
    audit: audit.map((entry) => `${entry.type} ${entry.id}`),
  };
}

const once = (list: string[]) => expect(list).toEqual([...new Set(list)]);

it("lists each event once after `npm run users -- create`, a start and restarts", async () => {
  const created = execFileSync(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "--conditions=react-server",
      "scripts/users.ts",
      "create",
      "--email",
      "first.admin@example.org",
      "--name",
      "First Admin",
      "--role",
      "admin",
    ],
    { env: { ...process.env, ...env() }, stdio: "pipe" },
  ).toString();
  const token = /#invitation=([A-Za-z0-9_-]+)/.exec(created)?.[1];
  expect(token, created).toBeDefined();

  await start();
  const first = await logs();
  once(first.feed);
  once(first.audit);
  expect(first.feed.filter((line) => line.startsWith("person.created "))).toHaveLength(1);
  expect(first.audit.filter((line) => line.startsWith("person.created "))).toHaveLength(1);

  // Setting the password records person.updated and session.signed_in.
  const accepted = await fetch(`${base()}/auth/invitation`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base() },
    body: JSON.stringify({ token, password: PASSWORD }),
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  const signedIn = await logs();
  expect(signedIn.feed.map((line) => line.split(" ")[0])).toEqual(
    expect.arrayContaining(["person.created", "person.updated", "session.signed_in"]),
  );
  once(signedIn.feed);
  once(signedIn.audit);

  // An endpoint made now is sent what happens from now on: none of the above, even after restarts.
  const hook = await receiver;
  const types = ["person.created", "person.updated", "session.signed_in"];
  const endpoint = await fetch(`${base()}/v1/webhooks`, {
    method: "POST",
    headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({ url: hook.url, eventTypes: types }),
  });
  expect(endpoint.status, await endpoint.clone().text()).toBe(201);

  const settled = await logs();
  for (let restart = 0; restart < 2; restart++) {
    await stop();
    await start();
    const after = await logs();
    expect(after.feed).toEqual(settled.feed);
    expect(after.audit).toEqual(settled.audit);
  }

  // A new person: their person.created is the one delivery, nothing re-sent before it.
  const added = await fetch(`${base()}/v1/people`, {
    method: "POST",
    headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({ email: "second.person@example.org", name: "Second Person", role: "volunteer" }),
  });
  expect(added.status, await added.clone().text()).toBe(201);
  const addedId = ((await added.json()) as { id: string }).id;
  const deliveredTo = () =>
    hook.received.map((delivery) => JSON.parse(delivery.body) as { type: string; data: { object: { id: string } } });
  for (let wait = 0; wait < 150 && !deliveredTo().some((event) => event.data.object.id === addedId); wait++)
    await hook.waitFor(hook.received.length + 1, 100).catch(() => undefined);
  expect(deliveredTo().map((event) => `${event.type} ${event.data.object.id}`)).toEqual([`person.created ${addedId}`]);
}, 120_000);
