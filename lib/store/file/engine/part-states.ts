import { bytesAt } from "@/lib/store/file/line-codec";
import type { AnyPart, LineKind, Op, Part, PartPlan, SnapshotSection } from "./part";

/**
 * The registered parts and the state of each in memory: what recovery reads into and a
 * batch decides against. A new store (and a re-read after a cut) starts from fresh states.
 */
export class PartStates {
  /**
   * By the part's name, not the object: Next may bundle a resource's store apart from the
   * registry (lib/composition/file-parts.ts), and its copy of the part is another object with the same name.
   */
  private readonly states = new Map<string, unknown>();

  constructor(
    readonly parts: readonly AnyPart[],
    options: Readonly<Record<string, unknown>>,
  ) {
    for (const part of parts) {
      if (this.states.has(part.name)) throw new Error(`two parts are named ${part.name}`);
      this.states.set(part.name, part.createState(options));
    }
  }

  /** The records that count toward compaction (Part.size), summed. */
  get size(): number {
    let size = 0;
    for (const part of this.parts) if (part.size) size += part.size(this.of(part));
    return size;
  }

  of<State, Plan extends PartPlan>(part: Part<State, Plan>): State {
    const state = this.states.get(part.name);
    if (state === undefined) throw new Error(`part ${part.name} is not registered`);
    return state as State;
  }
}

/** Which part decides each op kind, and the line kinds of all parts with their part. */
export class PartTable {
  private readonly deciders = new Map<string, AnyPart>();
  readonly kinds: { kind: LineKind; part: AnyPart; prefix: number[] | undefined }[] = [];
  /** The parts' snapshot sections in registry order, and the part of each. */
  readonly sections: SnapshotSection[] = [];
  readonly sectionParts: AnyPart[] = [];
  private readonly sectionOfKind = new Map<LineKind, number>();

  constructor(readonly parts: readonly AnyPart[]) {
    let fallback: LineKind | undefined;
    for (const part of parts) {
      for (const kind of part.ops ?? []) {
        if (this.deciders.has(kind)) throw new Error(`two parts decide ${kind}`);
        this.deciders.set(kind, part);
      }
      for (const kind of part.lines) {
        if (kind.prefix === undefined) {
          if (fallback) throw new Error(`two line kinds without a prefix: ${fallback.noun} and ${kind.noun}`);
          fallback = kind;
        }
        const prefix = kind.prefix === undefined ? undefined : [...kind.prefix].map((char) => char.charCodeAt(0));
        this.kinds.push({ kind, part, prefix });
      }
    }
    for (const part of parts) {
      if (!part.snapshot) continue;
      this.sectionOfKind.set(part.snapshot.kind as LineKind, this.sections.length);
      this.sections.push(part.snapshot as SnapshotSection);
      this.sectionParts.push(part);
    }
    // The kind without a prefix is tried last: it takes what no other claims.
    this.kinds.sort((a, b) => Number(a.prefix === undefined) - Number(b.prefix === undefined));
  }

  /** The kind of the line starting at `start` (a loop, no closure: it runs once a line at open). */
  kindAt(buf: Buffer, start: number): PartTable["kinds"][number] | undefined {
    const kinds = this.kinds;
    for (let i = 0; i < kinds.length; i++) {
      const entry = kinds[i] as PartTable["kinds"][number];
      if (entry.prefix === undefined || bytesAt(buf, start, entry.prefix)) return entry;
    }
    return undefined;
  }

  /** The index of the section whose lines are of `kind`, if any. */
  sectionOf(kind: LineKind): number | undefined {
    return this.sectionOfKind.get(kind);
  }

  partOf = (op: Op): AnyPart => {
    const part = this.deciders.get(op.kind);
    if (!part) throw new Error(`no part decides ${op.kind}`);
    return part;
  };

  /** The highest journal format version any line kind needs (2 at least: batches with commit records). */
  get journalVersion(): number {
    return Math.max(2, ...this.kinds.map(({ kind }) => kind.since));
  }
}
