import type { PetStatus } from "@/lib/pets/schemas";
import type { PetRecord } from "./pet-record";
import { lowerBound } from "./sorted-search";
import { Utf8Heap } from "./utf8-heap";

// One record per pet in one Float64Array: [id, categoryId, end of name].
const STRIDE = 3;
const ID = 0;
const CATEGORY = 1;
const NAME_END = 2;

/**
 * The pets of one status, in ascending id order, packed: records of 24 bytes side by
 * side and the names' UTF-8 bytes end to end. A page filtered by status is a run of
 * neighbouring records and names here, a few cache lines, however large the store.
 */
export class StatusPartition {
  private records = new Float64Array(1024 * STRIDE);
  private names = new Utf8Heap();
  private count = 0;

  constructor(readonly status: PetStatus) {}

  get size(): number {
    return this.count;
  }

  /** Appends a pet (ids ascending). */
  add(id: number, categoryId: number, name: string): void {
    this.push(id, categoryId, this.names.append(name));
  }

  /** Appends a pet whose name is UTF-8 bytes `source[start, end)`, copied as they are. */
  addWithNameBytes(id: number, categoryId: number, source: Buffer, start: number, end: number): void {
    this.push(id, categoryId, this.names.appendBytes(source, start, end));
  }

  pet(index: number): PetRecord {
    const at = index * STRIDE;
    const nameStart = index === 0 ? 0 : (this.records[at - STRIDE + NAME_END] as number);
    return {
      id: this.records[at + ID] as number,
      name: this.names.read(nameStart, this.records[at + NAME_END] as number),
      categoryId: this.records[at + CATEGORY] as number,
      status: this.status,
    };
  }

  /** The index of the last pet with an id below `id`, or -1. */
  lastBelow(id: number): number {
    return lowerBound(this.records, this.count, id, STRIDE) - 1;
  }

  private push(id: number, categoryId: number, nameEnd: number): void {
    if (this.count * STRIDE === this.records.length) {
      const records = new Float64Array(this.records.length * 2);
      records.set(this.records);
      this.records = records;
    }
    const at = this.count++ * STRIDE;
    this.records[at + ID] = id;
    this.records[at + CATEGORY] = categoryId;
    this.records[at + NAME_END] = nameEnd;
  }
}
