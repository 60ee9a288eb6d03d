import { PET_STATUSES, type Pet, type PetProfile, type PetStatus } from "@/lib/pets/schemas";
import { canonicalProfile, hasProfile } from "@/lib/pets/apply-patch";
import type { PetLine, PetRecord } from "./file-pet-record";
import { lowerBound } from "./file-sorted-search";
import { StatusPartition } from "./file-status-partition";
import { Utf8Heap } from "./file-utf8-heap";
import { listingMatches, nameMatches, profileMatches, type PetFilter } from "@/lib/pets/pet-filter";
import { idsInAll, NameTrigrams, type CandidateIds } from "./file-name-trigrams";

/** What a listing selects beyond status and category; `today` (YYYY-MM-DD) places age groups. */
export interface Selection {
  ids?: readonly number[];
  filter?: PetFilter;
  today: string;
}

/** Pets kept decoded for pages at most: several pages of every listing a shelter's visitors use. */
const MAX_SHOWN = 4096;

/**
 * Every pet in memory, without a million objects on the garbage-collected heap: each
 * status's pets are packed in their own StatusPartition, and three parallel typed
 * arrays list all pets in ascending id order (ids only grow, so appends keep it) with
 * where each one lives. About 37 bytes a pet plus its name's UTF-8 bytes.
 *
 * A page is a search for the cursor and a walk backwards: O(log n + limit) at worst and
 * a handful of memory reads in practice, since ids are nearly evenly spaced (see
 * lowerBound) and the pets a page shows sit side by side. A pet's status changes (orders
 * move it): setStatus moves its record to the other partition. Staff may also correct
 * its name, category and profile (edit). Profiles are few and optional, so they sit in a
 * map by id beside the packed records.
 */
export class PetIndex {
  private ids = new Float64Array(1024);
  private statusCodes = new Uint8Array(1024);
  /** The pet's index within its status partition. */
  private positions = new Uint32Array(1024);
  private names = new Utf8Heap();
  private partitions = PET_STATUSES.map((status) => new StatusPartition(status, this.names));
  private profiles = new Map<number, PetProfile>();
  /** The pets staff still prepare (docs/decisions/215): few, and none at most shelters. */
  private unlisted = new Set<number>();
  private count = 0;
  /**
   * Pets as listings hand them out, frozen and shared by every page that shows them until the
   * pet changes: a page is then a walk of ids and lookups, and the API encodes each pet once
   * (lib/api/api-route.ts). Bounded; only pages fill it. Why: docs/decisions/227.
   */
  private shown = new Map<number, Pet>();
  /** Built at the first name search, then kept up to date (docs/decisions/177). */
  private trigrams: NameTrigrams | undefined;
  private readonly nameIndex: boolean;

  /** `nameIndex: false` searches names by walking them all (for the benchmark's comparison). */
  constructor({ nameIndex = true }: { nameIndex?: boolean } = {}) {
    this.nameIndex = nameIndex;
  }

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
    this.setProfile(pet.id, pet);
    this.setListed(pet.id, pet.listed);
    this.trigrams?.add(pet.id, pet.name);
  }

  /** Appends a pet as read from a file, copying its name's bytes without decoding them. */
  addLine(line: PetLine): void {
    const partition = this.placeNext(line.id, line.status);
    if (line.name !== undefined) partition.add(line.id, line.categoryId, line.name);
    else partition.addWithNameBytes(line.id, line.categoryId, line.buf, line.nameStart, line.nameEnd);
    if (line.profile) this.profiles.set(line.id, line.profile);
    if (line.listed === false) this.unlisted.add(line.id);
    this.trigrams?.add(line.id, line.name ?? partition.pet(partition.size - 1).name);
  }

  /** Replaces a pet's name, category, whole profile and listing (a staff correction); its status stays. */
  edit(pet: Omit<PetRecord, "status">): void {
    const row = this.rowOf(pet.id);
    if (row < 0) throw new Error(`no pet ${pet.id} to change`);
    const partition = this.partitions[this.statusCodes[row] as number] as StatusPartition;
    const position = this.positions[row] as number;
    this.shown.delete(pet.id);
    this.trigrams?.rename(pet.id, partition.pet(position).name, pet.name);
    partition.rewrite(position, pet.categoryId, pet.name);
    this.setProfile(pet.id, pet);
    this.setListed(pet.id, pet.listed);
  }

  private setListed(id: number, listed: false | undefined): void {
    if (listed === false) this.unlisted.add(id);
    else this.unlisted.delete(id);
  }

  private setProfile(id: number, source: PetProfile): void {
    const profile = canonicalProfile(source);
    if (hasProfile(profile)) this.profiles.set(id, profile);
    else this.profiles.delete(id);
  }

  /** The profile of the pet with `id`, without decoding its name (filters read it). */
  profileOf(id: number): PetProfile | undefined {
    return this.profiles.get(id);
  }

  /**
   * A pet's name, category and birth date, without building the whole pet: the statistics read
   * these of every pet in care at once (lib/stats/file-stats-source.ts).
   */
  summaryOf(id: number): { name: string; categoryId: number; birthDate: string | undefined } | undefined {
    const row = this.rowOf(id);
    if (row < 0) return undefined;
    const partition = this.partitions[this.statusCodes[row] as number] as StatusPartition;
    const position = this.positions[row] as number;
    return {
      name: partition.nameAt(position),
      categoryId: partition.categoryAt(position),
      birthDate: this.profiles.get(id)?.birthDate,
    };
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
    this.shown.delete(id);
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

  /**
   * Whether a pet with `id` exists and, when `status`, `categoryId` or a selection
   * (ids, profile filters, a name search) is given, is in that listing.
   */
  holds(id: number, status?: PetStatus, categoryId?: number, selection?: Selection): boolean {
    const row = this.rowOf(id);
    if (row < 0 || (status !== undefined && this.statusCodes[row] !== PET_STATUSES.indexOf(status))) return false;
    if (selection?.ids && !selection.ids.includes(id)) return false;
    const partition = this.partitions[this.statusCodes[row] as number] as StatusPartition;
    return this.accepts(id, partition, this.positions[row] as number, categoryId, selection);
  }

  /** Whether the pet at `position` of `partition` has the category and matches the selection's filter. */
  private accepts(
    id: number,
    partition: StatusPartition,
    position: number,
    categoryId: number | undefined,
    selection: Selection | undefined,
  ): boolean {
    if (categoryId !== undefined && partition.categoryAt(position) !== categoryId) return false;
    const filter = selection?.filter;
    if (!filter) return true;
    if (!listingMatches(this.unlisted.has(id) ? false : undefined, filter)) return false;
    if (!profileMatches(this.profiles.get(id), filter, selection.today)) return false;
    return filter.q === undefined || nameMatches(partition.pet(position).name, filter.q);
  }

  /** The row (0 is the oldest pet) holding `id`, or -1. */
  rowOf(id: number): number {
    const row = lowerBound(this.ids, this.count, id);
    return row < this.count && this.ids[row] === id ? row : -1;
  }

  /** The pet in `row`; the snapshot writer reads rows by number. */
  pet(row: number): PetRecord {
    return this.withProfile(
      (this.partitions[this.statusCodes[row] as number] as StatusPartition).pet(this.positions[row] as number),
    );
  }

  private withProfile(pet: PetRecord): PetRecord {
    const profile = this.profiles.get(pet.id);
    const withProfile = profile ? { ...pet, ...profile } : pet;
    return this.unlisted.has(pet.id) ? { ...withProfile, listed: false } : withProfile;
  }

  /**
   * Up to `limit` pets with ids below `beforeId`, newest first, optionally only those
   * with `status`, and whether more match after them.
   */
  page(
    limit: number,
    beforeId: number,
    status?: PetStatus,
    categoryId?: number,
    selection?: Selection,
  ): { pets: Pet[]; more: boolean } {
    // "Listed only" is every pet while none is unlisted: the unfiltered walk serves it.
    if (this.unlisted.size === 0 && onlyListed(selection)) selection = undefined;
    if (selection?.ids) {
      const ids = [...new Set(selection.ids)].filter((id) => id < beforeId).sort((a, b) => b - a);
      return this.pageOfIds(ids, limit, status, categoryId, selection);
    }
    const q = selection?.filter?.q;
    const candidates = q === undefined ? undefined : this.nameCandidates(q);
    // The ids in every list of the search's trigrams: O(the two shortest lists), not O(pets).
    if (selection && candidates)
      return this.pageOfIds(idsInAll(candidates, beforeId), limit, status, categoryId, selection);
    if (categoryId !== undefined || selection) return this.filteredPage(limit, beforeId, status, categoryId, selection);
    const pets: Pet[] = [];
    if (status === undefined) {
      let row = lowerBound(this.ids, this.count, beforeId) - 1;
      for (; row >= 0 && pets.length < limit; row--) pets.push(this.shownPet(this.ids[row] as number, row));
      return { pets, more: row >= 0 };
    }
    const partition = this.partitions[PET_STATUSES.indexOf(status)] as StatusPartition;
    let index = partition.lastBelow(beforeId);
    for (; index >= 0 && pets.length < limit; index--) pets.push(this.shownPet(partition.idAt(index)));
    return { pets, more: index >= 0 };
  }

  /**
   * Like page, filtered by category, profile or name: a walk back from the cursor that
   * skips pets outside the filter, O(pets walked). The gallery's filters; a shelter has
   * hundreds or thousands of pets, and each step reads a typed array and a map.
   */
  private filteredPage(
    limit: number,
    beforeId: number,
    status?: PetStatus,
    categoryId?: number,
    selection?: Selection,
  ) {
    const pets: Pet[] = [];
    const partition =
      status === undefined ? undefined : (this.partitions[PET_STATUSES.indexOf(status)] as StatusPartition);
    let at = partition ? partition.lastBelow(beforeId) : lowerBound(this.ids, this.count, beforeId) - 1;
    for (; at >= 0; at--) {
      const [home, position] = partition
        ? [partition, at]
        : [this.partitions[this.statusCodes[at] as number] as StatusPartition, this.positions[at] as number];
      if (!this.accepts(home.idAt(position), home, position, categoryId, selection)) continue;
      if (pets.length === limit) return { pets, more: true };
      pets.push(this.shownPet(home.idAt(position)));
    }
    return { pets, more: false };
  }

  /**
   * The pets among `ids` (newest first, all below the cursor) that are in the listing: a
   * lookup each, however many pets are held. Serves `?id=` and the name search's candidates.
   */
  private pageOfIds(
    ids: Iterable<number>,
    limit: number,
    status: PetStatus | undefined,
    categoryId: number | undefined,
    selection: Selection,
  ) {
    const pets: Pet[] = [];
    for (const id of ids) {
      if (!this.holds(id, status, categoryId, selection)) continue;
      if (pets.length === limit) return { pets, more: true };
      pets.push(this.shownPet(id));
    }
    return { pets, more: false };
  }

  /** The pet with `id` (in `row`, when known) as pages show it: frozen, and the same object until it changes. */
  private shownPet(id: number, row?: number): Pet {
    let pet = this.shown.get(id);
    if (pet) return pet;
    if (this.shown.size >= MAX_SHOWN) this.shown = new Map();
    pet = Object.freeze(this.pet(row ?? this.rowOf(id)));
    this.shown.set(id, pet);
    return pet;
  }

  /** The pets whose name may hold `q`, from the trigram index (built here the first time). */
  private nameCandidates(q: string): CandidateIds[] | undefined {
    if (!this.nameIndex) return undefined;
    if (!this.trigrams) {
      const trigrams = new NameTrigrams();
      for (let row = 0; row < this.count; row++) {
        const partition = this.partitions[this.statusCodes[row] as number] as StatusPartition;
        const position = this.positions[row] as number;
        trigrams.add(partition.idAt(position), partition.pet(position).name);
      }
      this.trigrams = trigrams;
    }
    return this.trigrams.candidates(q);
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

/** Whether a selection asks for listed pets and nothing else (the default listing). */
function onlyListed(selection: Selection | undefined): boolean {
  if (!selection || selection.ids) return false;
  const { listed, ...rest } = selection.filter ?? {};
  return listed === true && Object.values(rest).every((value) => value === undefined);
}
