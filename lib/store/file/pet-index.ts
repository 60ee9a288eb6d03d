import { PET_STATUSES, type Pet, type PetStatus } from "@/lib/pets/schemas";
import type { PetLine, PetRecord } from "./pet-record";
import { lowerBound } from "./sorted-search";
import { StatusPartition } from "./status-partition";
import { Utf8Heap } from "./utf8-heap";

/**
 * Every pet in memory, without a million objects on the garbage-collected heap: each
 * status's pets are packed in their own StatusPartition, and three parallel typed
 * arrays list all pets in ascending id order (ids only grow, so appends keep it) with
 * where each one lives. About 37 bytes a pet plus its name's UTF-8 bytes.
 *
 * A page is a search for the cursor and a walk backwards: O(log n + limit) at worst and
 * a handful of memory reads in practice, since ids are nearly evenly spaced (see
 * lowerBound) and the pets a page shows sit side by side. Only a pet's status changes
 * (orders move it): setStatus moves its record to the other partition.
 */
export class PetIndex {
  private ids = new Float64Array(1024);
  private statusCodes = new Uint8Array(1024);
  /** The pet's index within its status partition. */
  private positions = new Uint32Array(1024);
  private names = new Utf8Heap();
  private partitions = PET_STATUSES.map((status) => new StatusPartition(status, this.names));
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Pets held per status. */
  countByStatus(): Record<PetStatus, number> {
    return Object.fromEntries(this.partitions.map((partition, i) => [PET_STATUSES[i], partition.size])) as Record<
      PetStatus,
      number
    >;
  }

  get lastId(): number {
    return this.count === 0 ? 0 : (this.ids[this.count - 1] as number);
  }

  /** Appends a pet; its id must be greater than every id already held. */
  add(pet: PetRecord): void {
    this.placeNext(pet.id, pet.status).add(pet.id, pet.categoryId, pet.name);
  }

  /** Appends a pet as read from a file, copying its name's bytes without decoding them. */
  addLine(line: PetLine): void {
    const partition = this.placeNext(line.id, line.status);
    if (line.name !== undefined) partition.add(line.id, line.categoryId, line.name);
    else partition.addWithNameBytes(line.id, line.categoryId, line.buf, line.nameStart, line.nameEnd);
  }

  get(id: number): Pet | undefined {
    const row = this.rowOf(id);
    return row < 0 ? undefined : this.pet(row);
  }

  /**
   * Moves a pet to another status. O(pets after it) typed-array work: the records after
   * it in both partitions shift by one and so do their positions below.
   */
  setStatus(id: number, status: PetStatus): void {
    const row = this.rowOf(id);
    if (row < 0) throw new Error(`no pet ${id} to change`);
    const from = this.statusCodes[row] as number;
    const to = PET_STATUSES.indexOf(status);
    if (from === to) return;
    const record = (this.partitions[from] as StatusPartition).take(this.positions[row] as number);
    this.positions[row] = (this.partitions[to] as StatusPartition).insert(record);
    this.statusCodes[row] = to;
    const { statusCodes, positions, count } = this;
    for (let next = row + 1; next < count; next++) {
      const code = statusCodes[next];
      if (code === from) positions[next] = (positions[next] as number) - 1;
      else if (code === to) positions[next] = (positions[next] as number) + 1;
    }
  }

  /** Whether a pet with `id` exists and, when `status` (and `categoryId`) is given, has it. */
  holds(id: number, status?: PetStatus, categoryId?: number): boolean {
    const row = this.rowOf(id);
    if (row < 0 || (status !== undefined && this.statusCodes[row] !== PET_STATUSES.indexOf(status))) return false;
    return categoryId === undefined || this.pet(row).categoryId === categoryId;
  }

  /** The row (0 is the oldest pet) holding `id`, or -1. */
  rowOf(id: number): number {
    const row = lowerBound(this.ids, this.count, id);
    return row < this.count && this.ids[row] === id ? row : -1;
  }

  /** The pet in `row`; the snapshot writer reads rows by number. */
  pet(row: number): PetRecord {
    return (this.partitions[this.statusCodes[row] as number] as StatusPartition).pet(this.positions[row] as number);
  }

  /**
   * Up to `limit` pets with ids below `beforeId`, newest first, optionally only those
   * with `status`, and whether more match after them.
   */
  page(limit: number, beforeId: number, status?: PetStatus, categoryId?: number): { pets: Pet[]; more: boolean } {
    const pets: Pet[] = [];
    if (categoryId !== undefined) return this.categoryPage(limit, beforeId, categoryId, status);
    if (status === undefined) {
      let row = lowerBound(this.ids, this.count, beforeId) - 1;
      for (; row >= 0 && pets.length < limit; row--) pets.push(this.pet(row));
      return { pets, more: row >= 0 };
    }
    const partition = this.partitions[PET_STATUSES.indexOf(status)] as StatusPartition;
    let index = partition.lastBelow(beforeId);
    for (; index >= 0 && pets.length < limit; index--) pets.push(partition.pet(index));
    return { pets, more: index >= 0 };
  }

  /**
   * Like page, one category only: a walk back from the cursor that skips other
   * categories, O(pets walked). The gallery's filter; a shelter has hundreds of pets.
   */
  private categoryPage(limit: number, beforeId: number, categoryId: number, status?: PetStatus) {
    const pets: Pet[] = [];
    const partition =
      status === undefined ? undefined : (this.partitions[PET_STATUSES.indexOf(status)] as StatusPartition);
    let at = partition ? partition.lastBelow(beforeId) : lowerBound(this.ids, this.count, beforeId) - 1;
    for (; at >= 0; at--) {
      if (partition ? partition.categoryAt(at) !== categoryId : this.pet(at).categoryId !== categoryId) continue;
      if (pets.length === limit) return { pets, more: true };
      pets.push(partition ? partition.pet(at) : this.pet(at));
    }
    return { pets, more: false };
  }

  /** Records the next pet's place in id order; the caller then adds it to the partition returned. */
  private placeNext(id: number, status: PetStatus): StatusPartition {
    if (id <= this.lastId) throw new Error(`pet id ${id} is not greater than ${this.lastId}`);
    if (this.count === this.ids.length) this.grow();
    const statusCode = PET_STATUSES.indexOf(status);
    const partition = this.partitions[statusCode] as StatusPartition;
    this.ids[this.count] = id;
    this.statusCodes[this.count] = statusCode;
    this.positions[this.count] = partition.size;
    this.count++;
    return partition;
  }

  private grow(): void {
    const capacity = this.ids.length * 2;
    const ids = new Float64Array(capacity);
    const statusCodes = new Uint8Array(capacity);
    const positions = new Uint32Array(capacity);
    ids.set(this.ids);
    statusCodes.set(this.statusCodes);
    positions.set(this.positions);
    [this.ids, this.statusCodes, this.positions] = [ids, statusCodes, positions];
  }
}
