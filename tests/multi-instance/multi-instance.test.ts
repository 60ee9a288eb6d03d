import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  freePort,
  startThrowawayServer,
  type ThrowawayServer,
} from "@/tests/support/test-postgres";
import { CHANGES_TRUSTED_FOR_MS } from "@/lib/store/postgres/change-feed";
import { call, startInstance, walk, type Answer, type Instance } from "./instance";

/**
 * Several `next start` processes on one PostgreSQL database behave as one service. The
 * database is a throwaway server of the suite's own (with a password), because one test
 * stops and restarts it: never the machine's shared server.
 */
describe("several instances on one PostgreSQL database", () => {
  let server: ThrowawayServer;
  let databaseUrl: string;
  let password: string;
  let a: Instance;
  let b: Instance;
  const instances: Instance[] = [];
  const answers: Answer[] = [];
  const remember = (answer: Answer) => (answers.push(answer), answer);
  const newPet = (name: string) => ({ name, categoryId: 7 });

  beforeAll(async () => {
    if (!fs.existsSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
      throw new Error("No production build: run `npm run build` first");
    }
    server = await startThrowawayServer();
    databaseUrl = (await createTestDatabase(server.url)).url;
    password = decodeURIComponent(new URL(databaseUrl).password);
    // Started at once, on an empty database: both race to migrate.
    [a, b] = await Promise.all([startInstance("a", databaseUrl), startInstance("b", databaseUrl)]);
    instances.push(a, b);
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await server?.remove();
  });

  it("apply each migration once when they start together, and log the database without its password", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query("SELECT name FROM pgmigrations ORDER BY name");
    await client.end();
    // Each file in migrations/ exactly once, however many instances raced to apply it.
    const files = fs
      .readdirSync(path.join(process.cwd(), "migrations"))
      .filter((name) => name.endsWith(".sql"))
      .map((name) => name.slice(0, -".sql".length))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((row) => row.name)).toEqual(files);
    const target = `127.0.0.1:${server.port}/${new URL(databaseUrl).pathname.slice(1)}`;
    for (const instance of [a, b]) expect(instance.log()).toContain(`storing pets in PostgreSQL at ${target}.`);
  });

  it("a pet created through one is fetched through the other at once, and listed by it within a second", async () => {
    const created = remember(await call(a, "/v1/pets", newPet("Across")));
    expect(created.status).toBe(201);
    const fetched = remember(await call(b, `/v1/pets/${created.body.id}`));
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
    // Listings are remembered until the other's NOTIFY arrives (docs/decisions/123).
    await sleep(CHANGES_TRUSTED_FOR_MS);
    const listed = remember(await call(b, "/v1/pets?limit=1"));
    expect(listed.body).toEqual([created.body]);
  });

  it("32 concurrent creates split across both give distinct ids, all in one walk", async () => {
    const created = await Promise.all(
      Array.from({ length: 32 }, (_, i) => call(i % 2 ? a : b, "/v1/pets", newPet(`Burst ${i}`)).then(remember)),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(32).fill(201));
    const ids = created.map((answer) => answer.body.id as number);
    expect(new Set(ids).size).toBe(32);
    await sleep(CHANGES_TRUSTED_FOR_MS); // b's creates reach a's remembered listings within it
    const walked = (await walk(a, 5)).map((pet) => pet.id);
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.filter((id) => ids.includes(id)).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
  });

  it("a walk while both instances create never skips or repeats a pet", async () => {
    await sleep(CHANGES_TRUSTED_FOR_MS); // every earlier create heard by both
    const before = (await walk(a, 100)).map((pet) => pet.id);
    const seen: number[] = [];
    let next: string | undefined = "/v1/pets?limit=3";
    let round = 0;
    while (next) {
      const page = remember(await call(round % 2 ? a : b, next));
      seen.push(...page.body.map((pet: { id: number }) => pet.id));
      next = /^<([^>]+)>; rel="next"$/.exec(page.headers.get("link") ?? "")?.[1];
      await Promise.all([
        call(a, "/v1/pets", newPet(`During ${round}`)),
        call(b, "/v1/pets", newPet(`During ${round}b`)),
      ]);
      round++;
    }
    expect(seen).toEqual(before);
  });

  it("SIGKILL of one instance during creates loses no acknowledged pet, and the other keeps serving", async () => {
    const doomed = await startInstance("doomed", databaseUrl);
    instances.push(doomed);
    const acknowledged: { id: number; name: string }[] = [];
    const survivorStatuses: number[] = [];
    let running = true;
    const creator = async (instance: Instance, worker: number) => {
      for (let i = 0; running; i++) {
        try {
          const answer = await call(instance, "/v1/pets", newPet(`Kill ${instance.name} ${worker}.${i}`));
          if (instance === b) survivorStatuses.push(answer.status);
          if (answer.status === 201) acknowledged.push(answer.body);
        } catch (error) {
          if (instance === b) throw error; // the survivor must answer every request
          return; // the killed instance's connection dropped: nothing acknowledged
        }
      }
    };
    const workers = [0, 1, 2, 3].flatMap((worker) => [creator(doomed, worker), creator(b, worker)]);
    while (acknowledged.filter((pet) => pet.name.startsWith("Kill doomed")).length < 20) await sleep(10);
    doomed.child.kill("SIGKILL");
    await doomed.exited;
    await sleep(300);
    running = false;
    await Promise.all(workers);
    expect(survivorStatuses.length).toBeGreaterThan(0);
    expect(survivorStatuses.every((status) => status === 201)).toBe(true);
    const stored = new Map((await walk(b, 100)).map((pet) => [pet.id, pet.name]));
    for (const pet of acknowledged) expect(stored.get(pet.id), `acknowledged pet ${pet.id}`).toBe(pet.name);
  });

  it("with the database stopped mid-load, answers are 503 store_unavailable with Retry-After in bounded time, and service resumes", async () => {
    const during: Answer[] = [];
    let phase: "before" | "down" | "after" = "before";
    let running = true;
    const worker = async (instance: Instance, worker: number) => {
      for (let i = 0; running; i++) {
        const answer = await (i % 2
          ? call(instance, "/v1/pets?limit=5")
          : call(instance, "/v1/pets", newPet(`Outage ${worker}.${i}`)));
        remember(answer);
        if (phase === "down") during.push(answer);
        if (answer.status === 503) await sleep(20);
      }
    };
    const workers = [a, b, a, b].map((instance, i) => worker(instance, i));
    await sleep(300);
    phase = "down";
    await server.stop();
    await sleep(2_000);
    await server.start();
    phase = "after";
    const resumedBy = Date.now() + 30_000;
    const resumed = async (instance: Instance) => {
      while (Date.now() < resumedBy) {
        if ((await call(instance, "/v1/pets", newPet(`Back on ${instance.name}`))).status === 201) return true;
        await sleep(250);
      }
      return false;
    };
    const [aBack, bBack] = await Promise.all([resumed(a), resumed(b)]);
    running = false;
    await Promise.all(workers);

    expect(aBack && bBack).toBe(true);
    const unavailable = during.filter((answer) => answer.status === 503);
    expect(unavailable.length).toBeGreaterThan(0); // the outage was seen
    for (const answer of answers) {
      expect([200, 201, 503]).toContain(answer.status);
      expect(answer.ms).toBeLessThan(10_000);
      if (answer.status === 503) {
        expect(answer.body).toMatchObject({ code: "store_unavailable", status: 503 });
        expect(Object.keys(answer.body).sort()).toEqual(["code", "message", "status"]);
        expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
      }
    }
  });

  it("an instance that cannot reach its database at start says so in one line, without the password, and exits 1", async () => {
    const port = await freePort();
    const error = (await startInstance("unreachable", `postgres://postgres:${password}@127.0.0.1:${port}/pets`).catch(
      (e) => e,
    )) as Error;
    expect(error.message).toMatch(/^unreachable exited early with code 1:/);
    const reason = error.message.split("\n").filter((line) => line.includes("cannot start"));
    expect(reason).toEqual([
      `Pet Store cannot start: cannot reach PostgreSQL at 127.0.0.1:${port}/pets (connect ECONNREFUSED 127.0.0.1:${port})`,
    ]);
    expect(error.message).not.toContain(password);
  });

  it("never shows the database password in a log line or a response", () => {
    expect(password.length).toBeGreaterThan(8);
    for (const instance of instances) expect(instance.log().includes(password), `${instance.name}'s log`).toBe(false);
    for (const answer of answers) expect(JSON.stringify(answer.body ?? "").includes(password)).toBe(false);
  });
});
