import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileOutboxStore } from "./file-outbox-store";
import { OutboxSender, type MailMessage } from "./outbox-sender";
import type { OutboxStore } from "./outbox-store";

/*
 * The sender over a real outbox (the file adapter; the store's promises are the contract
 * suite's): refusals are recorded with their next try and survive a reopen, a final refusal
 * is given up with words of ours, an entry about nothing is dropped, and the log holds kinds
 * and codes only (docs/decisions/207).
 */

let dir = "";
let store: OutboxStore;
let clock = new Date("2026-11-28T10:00:00.000Z");
const sent: MailMessage[] = [];
const logged: unknown[] = [];
let refuse: ((message: MailMessage) => Error | undefined) | undefined;

const message = (about: string): MailMessage => ({ to: `${about}@example.org`, subject: "s", text: `link ${about}` });
const sender = () =>
  new OutboxSender({
    store,
    renderers: { adopter_confirmation: async (about) => (about === "gone" ? undefined : message(about)) },
    transport: async (mail) => {
      const error = refuse?.(mail);
      if (error) throw error;
      sent.push(mail);
    },
    schedule: [1_000, 5_000],
    log: (level, fields, text) => logged.push({ level, fields, text }),
    now: () => clock,
  });
const add = (about: string) =>
  store.add([
    {
      id: `mo_${about}`,
      kind: "adopter_confirmation",
      about,
      createdAt: clock.toISOString(),
      attempts: 0,
      nextAttemptAt: clock.toISOString(),
    },
  ]);

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-outbox-sender-"));
  store = await openFileOutboxStore(dir);
  sent.length = 0;
  logged.length = 0;
  refuse = undefined;
  clock = new Date("2026-11-28T10:00:00.000Z");
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("OutboxSender", () => {
  it("retries a refusal for now on the schedule, across a reopen, and sends it once", async () => {
    await add("kim");
    refuse = () => Object.assign(new Error("451 greylisted kim@example.org"), { code: "EENVELOPE", responseCode: 451 });
    await sender().pass();
    expect(await store.listAbout(["kim"])).toMatchObject([
      {
        attempts: 1,
        lastError: "The mail server refused it for now (reply 451).",
        nextAttemptAt: "2026-11-28T10:00:01.000Z",
      },
    ]);
    await store.close();
    store = await openFileOutboxStore(dir);
    refuse = undefined;
    await sender().pass();
    expect(sent, "not due yet").toEqual([]);
    clock = new Date("2026-11-28T10:00:01.000Z");
    await sender().pass();
    await sender().pass();
    expect(sent).toEqual([message("kim")]);
    expect(await store.listAbout(["kim"])).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain("kim@example.org");
    expect(JSON.stringify(logged)).not.toContain("link kim");
  });

  it("gives up a final refusal, keeping the failure in words for staff", async () => {
    await add("ada");
    refuse = () =>
      Object.assign(new Error("550 no such user ada@example.org"), { code: "EENVELOPE", responseCode: 550 });
    await sender().pass();
    const [entry] = await store.listAbout(["ada"]);
    expect(entry).toMatchObject({ attempts: 1, givenUpAt: clock.toISOString() });
    expect(entry?.lastError).toBe("The mail server refused it (reply 550); it will not be tried again.");
    expect(entry?.nextAttemptAt).toBeUndefined();
  });

  it("gives up once the schedule is spent", async () => {
    await add("lee");
    refuse = () => Object.assign(new Error("down"), { code: "ECONNECTION" });
    for (const at of ["10:00:00", "10:00:01", "10:00:06"]) {
      clock = new Date(`2026-11-28T${at}.000Z`);
      await sender().pass();
    }
    expect(await store.listAbout(["lee"])).toMatchObject([
      { attempts: 3, lastError: "The mail server could not be reached (ECONNECTION).", givenUpAt: clock.toISOString() },
    ]);
  });

  it("sends a held entry once its hold runs out, when the process died before releasing it", async () => {
    // The application committed, then SIGKILL: the entry was never released.
    await store.add([
      {
        id: "mo_held",
        kind: "adopter_confirmation",
        about: "kept",
        createdAt: clock.toISOString(),
        attempts: 0,
        nextAttemptAt: new Date(clock.getTime() + 30_000).toISOString(),
      },
    ]);
    await store.close();
    store = await openFileOutboxStore(dir);
    await sender().pass();
    expect(sent).toEqual([]);
    clock = new Date(clock.getTime() + 30_000);
    await sender().pass();
    expect(sent).toEqual([message("kept")]);
  });

  it("drops an entry about nothing (an application never stored, or erased) without sending", async () => {
    await add("gone");
    await sender().pass();
    expect(sent).toEqual([]);
    expect(await store.listAbout(["gone"])).toEqual([]);
  });
});
