import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, findTestServer, type TestServer } from "@/tests/support/test-postgres";
import { call, startInstance, type Instance } from "./instance";

/**
 * Issue 39: listings remembered on two instances (the front server and `next start`) while
 * both take writes, creates and status corrections, from several clients at once. Every
 * listing read is checked against the writes answered before it was asked: on the instance
 * that answered the write at once (read-your-writes), on the other within the promised second
 * (docs/decisions/123, 227, 228). A pet written while the read was under way may show either
 * way; one whose last write was answered before that bound must show as written.
 */
// The promise is a second (decision 123), and the bound here is that second. A run on 28
// November under saturation saw the other instance "catch up" 1,052 ms after a write's answer,
// and CI then 2.7 s after one, with the bound raised to 2 s. Both fit (the CI one by its three
// stale lines) a read that a loaded server took after the pet's next write (asked once the read
// was) had committed. Such a write now excuses the read (below); by design
// (lib/store/postgres/change-feed.ts) a read the feed answers while live has heard of every
// commit from more than a second before it.
const PROMISED_MS = 1_000;
const LOAD_MS = 8_000;
const STATUSES = ["available", "sold"] as const;

interface Write {
  instance: string;
  startedAt: number;
  answeredAt: number;
  status: (typeof STATUSES)[number];
}

interface Read {
  instance: string;
  startedAt: number;
  answeredAt: number;
  status?: string;
  limit: number;
  ids: number[];
  statuses: Map<number, string>;
}

describe("listings on two instances under writes (issue 39)", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    server = await findTestServer();
    let url: string;
    ({ url, drop } = await createTestDatabase(server.adminUrl));
    const env = { PETSTORE_RATE_LIMIT: "0" };
    [a, b] = await Promise.all([
      startInstance("listings-a", url, { env, server: "front" }),
      startInstance("listings-b", url, { env }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    await server?.stop();
  });

  it("no listing read after a write's answer (plus a second, on the other instance) misses it", async () => {
    // pet id → its writes, in order (each pet is written by one client at a time).
    const history = new Map<number, Write[]>();
    const reads: Read[] = [];
    const now = () => performance.now();
    const stopAt = now() + LOAD_MS;
    const failures: string[] = [];
    let dropped = 0;

    const write = async (instance: Instance, petId: number | undefined, status: Write["status"]) => {
      const startedAt = now();
      const answer = await (
        petId === undefined
          ? call(instance, "/v1/pets", { name: "Busy", categoryId: 1, status })
          : patch(instance, petId, status)
      ).catch(() => undefined);
      if (!answer || answer.status === 503) {
        // The connection dropped (a keep-alive race on a loaded machine) or the database was
        // too busy: the write may or may not have happened, so from now on the pet's status
        // is unknown and it is not judged.
        dropped++;
        if (petId !== undefined)
          history.get(petId)?.push({ instance: instance.name, startedAt, answeredAt: Infinity, status });
        return undefined;
      }
      if (answer.status !== 200 && answer.status !== 201) {
        failures.push(`${instance.name} write ${petId ?? "new"}: ${answer.status} ${JSON.stringify(answer.body)}`);
        return undefined;
      }
      const id = petId ?? (answer.body.id as number);
      const writes = history.get(id) ?? [];
      writes.push({ instance: instance.name, startedAt, answeredAt: now(), status });
      history.set(id, writes);
      return id;
    };

    // A status correction empties every list the instance that made it remembers, so an
    // instance correcting all along would never keep a list long enough to show another's
    // change late. Each instance corrects for half the time and only creates (which patch its
    // lists in) for the other half: then only the feed tells it of the other's corrections.
    const halfway = now() + LOAD_MS / 2;
    const corrects = (instance: Instance) => (now() < halfway ? instance === a : instance === b);

    const writer = async (instance: Instance, index: number) => {
      const mine: number[] = [];
      for (let n = 0; now() < stopAt; n++) {
        const status = STATUSES[(n + index) % 2]!;
        if (mine.length < 3 || n % 3 === 0 || !corrects(instance)) {
          const id = await write(instance, undefined, status);
          if (id !== undefined) mine.push(id);
        } else await write(instance, mine[n % mine.length]!, status);
      }
    };

    const reader = async (instance: Instance, index: number) => {
      for (let n = 0; now() < stopAt; n++) {
        const limit = 1 + ((n * 7 + index) % 30);
        const status = n % 3 === 0 ? undefined : STATUSES[n % 2];
        const startedAt = now();
        const answer = await call(instance, `/v1/pets?limit=${limit}${status ? `&status=${status}` : ""}`).catch(
          () => undefined,
        );
        if (!answer) {
          dropped++;
          continue;
        }
        if (answer.status !== 200) {
          failures.push(`${instance.name} read: ${answer.status} ${JSON.stringify(answer.body)}`);
          continue;
        }
        const pets = answer.body as { id: number; status: string }[];
        reads.push({
          instance: instance.name,
          startedAt,
          answeredAt: now(),
          status,
          limit,
          ids: pets.map((pet) => pet.id),
          statuses: new Map(pets.map((pet) => [pet.id, pet.status])),
        });
      }
    };

    await Promise.all([
      ...[a, b].flatMap((instance) => [writer(instance, 0), writer(instance, 1)]),
      ...[a, b].flatMap((instance) => [0, 1, 2, 3].map((index) => reader(instance, index))),
    ]);
    expect(failures).toEqual([]);
    expect(dropped).toBeLessThan(reads.length / 20);
    expect(reads.length).toBeGreaterThan(20);

    const stale: string[] = [];
    let judged = 0;
    for (const read of reads) {
      const full = read.ids.length === read.limit;
      const lowest = Math.min(...read.ids);
      for (const [id, writes] of history) {
        // Only pets whose place on this page is decided: above the page's last pet, or any when it is not full.
        if (full && id < lowest) continue;
        const bound = (write: Write) => write.answeredAt + (write.instance === read.instance ? 0 : PROMISED_MS);
        // A write under way (or not yet due) when the read was asked may show either way, and so
        // may one asked while the read was under way: a loaded server may take the read after
        // that write has committed (a fresh-clone run on 28 November judged such a read stale).
        const settled = writes.filter((write) => bound(write) <= read.startedAt);
        if (
          settled.length === 0 ||
          writes.some((write) => write.startedAt < read.answeredAt && !settled.includes(write))
        )
          continue;
        judged++;
        const status = settled.at(-1)!.status;
        const belongs = read.status === undefined || read.status === status;
        const shown = read.ids.includes(id);
        if (belongs !== shown || (shown && read.statuses.get(id) !== status))
          stale.push(
            `${read.instance} ${read.status ?? "all"}?limit=${read.limit} at ${Math.round(read.startedAt)}: pet ${id} ` +
              `${shown ? `shown ${read.statuses.get(id)}` : "missing"}, written ${status} by ${settled.at(-1)!.instance} ` +
              `answered at ${Math.round(settled.at(-1)!.answeredAt)}`,
          );
      }
    }
    expect(stale.slice(0, 10)).toEqual([]);
    // The check judged many pets' places, not a handful.
    expect(judged).toBeGreaterThan(100);
  });
});

/** A status correction (docs/decisions/155): JSON Merge Patch with the reason it needs. */
async function patch(instance: Instance, petId: number, status: string) {
  const response = await fetch(`${instance.baseUrl}/v1/pets/${petId}`, {
    method: "PATCH",
    headers: { Authorization: "Bearer multi-instance-key", "Content-Type": "application/merge-patch+json" },
    body: JSON.stringify({ status, reason: "Corrected under load" }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, body: response.ok ? undefined : text };
}
