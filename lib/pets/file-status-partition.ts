import type { PetStatus } from "@/lib/pets/schemas";
import type { PetRecord } from "./file-pet-record";
import { lowerBound } from "./file-sorted-search";
import type { Utf8Heap } from "./file-utf8-heap";

// One record per pet in one Float64Array: [id, categoryId, start of name, end of name].
const STRIDE = 4;
const ID = 0;
const CATEGORY = 1;
const NAME_START = 2;
const NAME_END = 3;

/**
 * The pets of one status, in ascending id order, packed: records of 32 bytes side by
 * side, names in the heap all partitions share. A page filtered by status is a run of
 * neighbouring records here, a few cache lines, however large the store. A pet whose
 * status changes moves its record (not its name) to another partition: a memmove of the
 * records after it, cheap next to the fsync every change waits for anyway.
 */
export class StatusPartition {
  private records = new Float64Array(1024 * STRIDE);
  private count = 0;

  constructor(
    readonly status: PetStatus,
    private readonly names: Utf8Heap,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Appends a pet (ids ascending). */
  add(id: number, categoryId: number, name: string): void {
    const start = this.names.size;
    this.push(id, categoryId, start, this.names.append(name));
  }

  /** Appends a pet whose name is UTF-8 bytes `source[start, end)`, copied as they are. */
  addWithNameBytes(id: number, categoryId: number, source: Buffer, start: number, end: number): void {
    const nameStart = this.names.size;
    this.push(id, categoryId, nameStart, this.names.appendBytes(source, start, end));
  }

  pet(index: number): PetRecord {
    const at = index * STRIDE;
    return {
      id: this.records[at + ID] as number,
      name: this.names.read(this.records[at + NAME_START] as number, this.records[at + NAME_END] as number),
      categoryId: this.records[at + CATEGORY] as number,
      status: this.status,
    };
  }

  /** Gives the pet at `index` a new name (appended to the heap: the old bytes stay until a reopen) and category. */
  rewrite(index: number, categoryId: number, name: string): void {
    const at = index * STRIDE;
    this.records[at + CATEGORY] = categoryId;
    this.records[at + NAME_START] = this.names.size;
    this.records[at + NAME_END] = this.names.append(name);
  }

  /** The id of the pet at `index`. */
  idAt(index: number): number {
    return this.records[index * STRIDE + ID] as number;
  }

  /** The name of the pet at `index`. */
  nameAt(index: number): string {
    const at = index * STRIDE;
    return this.names.read(this.records[at + NAME_START] as number, this.records[at + NAME_END] as number);
  }

  /** The category of the pet at `index`, without decoding its name. */
  categoryAt(index: number): number {
    return this.records[index * STRIDE + CATEGORY] as number;
  }

  /** The index of the last pet with an id below `id`, or -1. */
  lastBelow(id: number): number {
    return lowerBound(this.records, this.count, id, STRIDE) - 1;
  }

  /** Removes the record at `index` and returns it, for moveTo. */
  take(index: number): Float64Array {
    const at = index * STRIDE;
    const record = this.records.slice(at, at + STRIDE);
    this.records.copyWithin(at, at + STRIDE, this.count * STRIDE);
    this.count--;
    return record;
  }

  /** Inserts a record taken from another partition in id order; returns its index. */
  insert(record: Float64Array): number {
    this.reserve();
    const index = this.lastBelow(record[ID] as number) + 1;
    const at = index * STRIDE;
    this.records.copyWithin(at + STRIDE, at, this.count * STRIDE);
    this.records.set(record, at);
    this.count++;
    return index;
  }

  private push(id: number, categoryId: number, nameStart: number, nameEnd: number): void {
    this.reserve();
    const at = this.count++ * STRIDE;
    this.records[at + ID] = id;
    this.records[at + CATEGORY] = categoryId;
    this.records[at + NAME_START] = nameStart;
    this.records[at + NAME_END] = nameEnd;
  }

  private reserve(): void {
    if (this.count * STRIDE < this.records.length) return;
    const records = new Float64Array(this.records.length * 2);
    records.set(this.records);
    this.records = records;
  }
}
