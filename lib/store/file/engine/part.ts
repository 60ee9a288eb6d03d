import type { StoreFs } from "@/lib/store/file/fs-layer";
import type { StoreLogger } from "@/lib/store/file/logger";

/*
 * What a resource plugs into the file engine (docs/decisions/245): a part. The engine keeps
 * the journal, its batches and commit records, recovery, snapshots and compaction; it knows
 * no resource. A part brings its line kinds, its state in memory, its snapshot section and
 * how it decides its write ops in a batch. The registry (lib/composition/file-parts.ts) lists the parts.
 */

/** How a part reads a line back, and what the line does to memory. */
export interface LineKind<State = unknown, Decoded = unknown> {
  /** What a refusal calls these lines: "a version 2 journal cannot hold {noun}". */
  readonly noun: string;
  /**
   * The bytes its lines start with (`{"order":`). At most one kind of all parts has none:
   * the lines no other kind claims are its (pet lines, the first kind there was).
   */
  readonly prefix?: string;
  /** The first journal format version that holds these lines (the engine writes the highest). */
  readonly since: number;
  /** The record on a verified line `buf[start, end)` (checksum from `bodyEnd`); throws when it is not one. */
  decode(buf: Buffer, start: number, bodyEnd: number, end: number): Decoded;
  /** Replays a record read from the snapshot or a journal into memory. */
  fold(state: State, record: Decoded, context: ReadContext): void;
}

export interface ReadContext {
  /** Whether the line was read from the snapshot (else from a journal, after it). */
  readonly inSnapshot: boolean;
  /** When the store was opened, in ms (records that expired by then are skipped). */
  readonly openedAt: number;
  /** Another part's state (an order's line moves its pet's status). */
  stateOf<S, P extends PartPlan>(part: Part<S, P>): S;
}

/** A part's lines in the snapshot, after the sections of the parts registered before it. */
export interface SnapshotSection<State = unknown> {
  /** The header member that counts its lines (pets, the first section, say `count`). */
  readonly field: string;
  /** The first snapshot format version with this section (the engine writes the highest). */
  readonly since: number;
  /** The kind of its lines (one of the part's). */
  readonly kind: LineKind<State>;
  /** Further numbers the header keeps for the part (the event sequence), written after its count. */
  readonly counters?: readonly string[];
  /** The header's counters, read before any line (each 0 in a snapshot older than the section). */
  readCounters?(state: State, counters: Readonly<Record<string, number>>): void;
  /**
   * What the snapshot will hold, taken between batches when the journal rotates; the lines
   * are encoded later, in the background, so `line(i)` must read a copy (or rows that only grow).
   */
  take(state: State, now: number): SectionCopy;
}

export interface SectionCopy {
  count: number;
  line(i: number): string;
  counters?: Readonly<Record<string, number>>;
}

/**
 * What a plan sees of the unit of work it decides in (./batch.ts): one batch of ops of any
 * parts, written with one write and one fdatasync, applied all or nothing once durable.
 */
export interface UnitOfWork {
  /** The batch's time (ISO 8601): every record it writes says this one. */
  readonly now: string;
  /**
   * Writes a line and what it does to memory once durable (the same as replaying it). Encode
   * the line before deciding anything else: an encoder refuses a record the reader would refuse.
   */
  write(line: string, effect: () => void): void;
  /** Undoes a change to a plan's view of the batch, should the op that made it be refused. */
  remember(undo: () => void): void;
  /** Another part's plan for this batch (an approval places an order through the orders' plan). */
  plan<S, P extends PartPlan>(part: Part<S, P>): P;
  /** A part's state in memory, to read, or to change in an effect. */
  stateOf<S, P extends PartPlan>(part: Part<S, P>): S;
  /** Asks for a fold once the batch is durable (in PartPlan.applied): every journal so far folded into a snapshot. */
  requestFold(): Promise<void>;
}

/** A write op: its kind names the part that decides it; the rest is the part's business. */
export interface Op {
  readonly kind: string;
}

/**
 * A part's decisions in one batch (one plan per part per batch, made on first use). It
 * decides against memory plus what the ops before it in the batch did, writes lines with
 * their effects (Batch.write) and changes nothing in memory itself: the effects run once
 * the batch is durable.
 */
export interface PartPlan {
  /** Before each op of the batch, whichever part decides it. */
  start?(op: Op): void;
  /** Decides one of the part's ops: its answer, or throws the refusal (the op then writes nothing). */
  decide?(op: Op): unknown;
  /** After every op that was not refused, in registry order (answers kept, events numbered); may change the answer. */
  finish?(op: Op, value: unknown): unknown;
  /** Once the batch is durable, before its effects run (what a change was before it). */
  applying?(): void;
  /** After the batch's effects ran (it is durable): tell readers, ask for a fold. */
  applied?(): void;
}

export interface Part<State = unknown, Plan extends PartPlan = PartPlan> {
  readonly name: string;
  /** Its state, empty; `options` are the store's open options (a part reads its own). */
  createState(options: Readonly<Record<string, unknown>>): State;
  readonly lines: readonly LineKind<State>[];
  readonly snapshot?: SnapshotSection<State>;
  /**
   * How many records it holds, toward the compaction threshold (a snapshot is written once
   * the journals add half the snapshot's size); parts without it do not count.
   */
  size?(state: State): number;
  /** Once recovery has read everything (id counters start after the highest id read). */
  opened?(state: State): void;
  /**
   * At open, before recovery's result is served: records an older layout kept in files of its
   * own, to append to the journal as one batch (then `apply`), after which `done` removes them.
   */
  adopt?(state: State, context: AdoptContext): Promise<Adoption | undefined>;
  /**
   * Why the part needs a fold (a compaction at once) before the store serves ("an earlier
   * erasure": the files still hold what it erased), or undefined when it needs none.
   */
  owesFold?(state: State): string | undefined;
  /** How that fold at open went (a failed one is the part's to retry). */
  foldSettled?(state: State, failed: boolean): void;
  /** The op kinds it decides. */
  readonly ops?: readonly string[];
  plan?(state: State, batch: UnitOfWork): Plan;
}

export interface AdoptContext {
  fsys: StoreFs;
  dir: string;
  openedAt: number;
  logger: StoreLogger;
}

export interface Adoption {
  lines: string[];
  apply(): void;
  done(): Promise<void>;
}

/** Any part, as the registry lists them: each part's state type is its own. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of parts of different states
export type AnyPart = Part<any, PartPlan>;

/** A line kind as a part lists it, its record's type kept inside (decode's result is fold's input). */
export function lineKind<State, Decoded>(kind: LineKind<State, Decoded>): LineKind<State> {
  return kind as LineKind<State>;
}
