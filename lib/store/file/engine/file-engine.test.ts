import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { encodeLine, parseLine } from "@/lib/store/file/line-codec";
import { SNAPSHOT_FILE, journalName } from "@/lib/store/file/layout";
import { FileEngine } from "./file-engine";
import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "./part";

/*
 * The engine with two parts it has never seen, written here: a resource plugs in with its
 * lines, state, snapshot section and plan, and touches no engine file (docs/decisions/245).
 */

interface Shelf {
  items: Map<number, string>;
  nextId: number;
}
type ShelfOp = Op & { kind: "put"; name: string };
type LedgerOp = Op & { kind: "put-both"; name: string; fail?: boolean };

const itemLine = lineKind<Shelf, { id: number; name: string }>({
  noun: "item records",
  prefix: '{"item":',
  since: 2,
  decode: (buf, start, _bodyEnd, end) => {
    const { item, name } = parseLine(buf, start, end);
    return { id: item as number, name: name as string };
  },
  fold: (shelf, { id, name }) => void shelf.items.set(id, name),
});

class ShelfPlan implements PartPlan {
  constructor(
    private readonly shelf: Shelf,
    private readonly batch: UnitOfWork,
  ) {}
  decide(op: Op): number {
    return this.put((op as ShelfOp).name);
  }
  put(name: string): number {
    if (name === "") throw new RangeError("an item needs a name");
    const id = this.shelf.nextId++;
    this.batch.write(encodeLine({ item: id, name }), () => this.shelf.items.set(id, name));
    return id;
  }
}

const shelfPart: Part<Shelf, ShelfPlan> = {
  name: "shelf",
  createState: () => ({ items: new Map(), nextId: 1 }),
  lines: [itemLine],
  snapshot: {
    field: "items",
    since: 1,
    kind: itemLine,
    take: ({ items }) => {
      const copy = [...items];
      return { count: copy.length, line: (i) => encodeLine({ item: copy[i]?.[0], name: copy[i]?.[1] }) };
    },
  },
  opened: (shelf) => void (shelf.nextId = Math.max(0, ...shelf.items.keys()) + 1),
  ops: ["put"],
  plan: (shelf, batch) => new ShelfPlan(shelf, batch),
};

/** A second part whose op writes to the shelf too: one unit of work across two parts. */
const ledgerLine = lineKind<string[], string>({
  noun: "ledger records",
  prefix: '{"ledger":',
  since: 2,
  decode: (buf, start, _bodyEnd, end) => parseLine(buf, start, end).ledger as string,
  fold: (ledger, entry) => void ledger.push(entry),
});

const ledgerPart: Part<string[]> = {
  name: "ledger",
  createState: () => [],
  lines: [ledgerLine],
  snapshot: {
    field: "ledger",
    since: 1,
    kind: ledgerLine,
    take: (ledger) => {
      const copy = [...ledger];
      return { count: copy.length, line: (i) => encodeLine({ ledger: copy[i] }) };
    },
  },
  ops: ["put-both"],
  plan: (ledger, batch) => ({
    decide(op) {
      const { name, fail } = op as LedgerOp;
      const id = batch.plan(shelfPart).put(name);
      batch.write(encodeLine({ ledger: `${id} ${name}` }), () => ledger.push(`${id} ${name}`));
      if (fail) throw new Error("refused after both lines were planned");
      return id;
    },
  }),
};

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await removeTempDir(dir);
});

const open = (options = {}) => FileEngine.open(dir, [shelfPart, ledgerPart], { logger: recordingLogger(), ...options });

it("commits ops of two parts as one unit of work, applies them once durable, and reads them back", async () => {
  const engine = await open();
  const answers = await Promise.allSettled([
    engine.write({ kind: "put", name: "lamp" } as ShelfOp),
    engine.write({ kind: "put-both", name: "desk" } as LedgerOp),
    engine.write({ kind: "put-both", name: "chair", fail: true } as LedgerOp),
    engine.write({ kind: "put", name: "" } as ShelfOp),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "fulfilled", "rejected", "rejected"]);
  expect([...engine.states.of(shelfPart).items.values()]).toEqual(["lamp", "desk"]);
  expect(engine.states.of(ledgerPart)).toEqual(["2 desk"]);
  await engine.close();

  // The journal's format version is the highest `since` of the parts' line kinds; the refused
  // op's two lines are nowhere, and the four ops wrote one batch or more, each with its commit record.
  const journal = await fs.readFile(path.join(dir, journalName(1)), "utf8");
  expect(journal).toContain('"version":2');
  expect(journal).not.toContain("chair");
  expect(journal).toMatch(/\{"item":2,"name":"desk".*\n\{"ledger":"2 desk".*\n\{"commit":/);

  const reopened = await open();
  expect([...reopened.states.of(shelfPart).items]).toEqual([
    [1, "lamp"],
    [2, "desk"],
  ]);
  expect(reopened.states.of(ledgerPart)).toEqual(["2 desk"]);
  // Id 3 was burnt by the refused op while the engine ran; a restart goes on after the highest on disk.
  expect(await reopened.write({ kind: "put", name: "rug" } as ShelfOp)).toBe(3);
  await reopened.close();
});

it("writes each part's section into the snapshot, and reads it back", async () => {
  // No part here has a size, so a threshold of 0 compacts after every batch.
  let folded: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (folded = resolve));
  const onCompactionStep = (step: string) => void (step === "journals-removed" && folded());
  const engine = await open({ compactAfterRecords: 0, onCompactionStep });
  await engine.write({ kind: "put-both", name: "desk" } as LedgerOp);
  await done;
  await engine.write({ kind: "put", name: "lamp" } as ShelfOp);
  await engine.close();
  const snapshot = await fs.readFile(path.join(dir, SNAPSHOT_FILE), "utf8");
  expect(snapshot.split("\n")[0]).toMatch(
    /^\{"format":"petstore-snapshot","version":1,"items":\d,"ledger":1,"nextJournal":\d/,
  );
  expect(snapshot).toContain('{"ledger":"1 desk"');
  const reopened = await open();
  expect([...reopened.states.of(shelfPart).items.values()]).toEqual(["desk", "lamp"]);
  expect(reopened.states.of(ledgerPart)).toEqual(["1 desk"]);
  await reopened.close();
});
