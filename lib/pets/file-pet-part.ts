import { DEFAULT_PET_STATUS, type NewPet, type Pet, type PetPatch, type PetStatus } from "@/lib/pets/schemas";
import { PetVersionMismatchError } from "@/lib/errors/store-errors";
import { petVersion } from "@/lib/pets/pet-version";
import { applyPetPatch, canonicalPet } from "@/lib/pets/apply-patch";
import { petChanged, petCreated } from "@/lib/events/new-events";
import type { PetChange } from "@/lib/paging/page-changes";
import { PetHeldByOrderError, PetNotFoundError } from "@/lib/pets/pet-errors";
import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "@/lib/store/file/engine/part";
import { checkedId } from "@/lib/store/file/engine/ids";
import { parseLine } from "@/lib/store/file/line-codec";
import { PetIndex } from "./file-pet-index";
import { decodePet, encodePetLine, type PetLine, type PetRecord } from "./file-pet-record";
import { decodePetEdit, encodePetEditLine, type PetEdit } from "./file-pet-edit-line";
import { decodeStatusChange, encodeStatusChangeLine, type StatusChange } from "./file-status-change-line";
import { eventsPart, type ActorOp } from "@/lib/events/file-event-part";

export type PetOp =
  | (ActorOp & { kind: "pet"; pet: NewPet })
  | (ActorOp & { kind: "correct"; id: number; patch: PetPatch; versions?: readonly string[] });

export interface PetsState {
  index: PetIndex;
  nextId: number;
  /** Told, after each batch, which pets it created or changed, as they were and are (listings forget their pages). */
  onChange?: (changes: PetChange[]) => void;
}

// A pet line starts `{"id":`, the first kind there was: it takes every line no other kind claims.
const petLine = lineKind<PetsState, PetLine>({
  noun: "pet records",
  since: 1,
  decode: (buf, start, bodyEnd, end) => {
    const pet = decodePet(buf, start, bodyEnd, end);
    if (!pet) throw new Error("not a valid pet record");
    return pet;
  },
  fold: ({ index }, line) => index.addLine(line),
});

const statusChangeLine = lineKind<PetsState, StatusChange>({
  noun: "status-change records",
  prefix: '{"petStatus":',
  since: 5,
  decode: (buf, start, _bodyEnd, end) => decodeStatusChange(parseLine(buf, start, end)),
  fold: ({ index }, change) => index.setStatus(change.petId, change.status),
});

const petEditLine = lineKind<PetsState, PetEdit>({
  noun: "pet-edit records",
  prefix: '{"petEdit":',
  since: 6,
  decode: (buf, start, _bodyEnd, end) => decodePetEdit(parseLine(buf, start, end)),
  fold: ({ index }, edit) => index.edit(edit),
});

/**
 * Pets as a part of the file engine: every pet in memory (PetIndex), a line when one is
 * created, a pet-edit line when staff correct its fields and a status-change line when they
 * correct its status (orders move it through their own lines: lib/orders/file-order-part.ts).
 */
export const petsPart: Part<PetsState, PetsPlan> = {
  name: "pets",
  createState: (options) => ({ index: new PetIndex({ nameIndex: options.nameIndex !== false }), nextId: 1 }),
  lines: [petLine, statusChangeLine, petEditLine],
  snapshot: {
    field: "count",
    since: 1,
    kind: petLine,
    // Rows only grow; a row's later changes are in the journals after the snapshot as well.
    take: ({ index }) => ({ count: index.size, line: (row) => encodePetLine(index.pet(row)) }),
  },
  size: ({ index }) => index.size,
  opened: (state) => void (state.nextId = state.index.lastId + 1),
  ops: ["pet", "correct"],
  plan: (state, batch) => new PetsPlan(state, batch),
};

/** Decides pets' ops, and offers other parts each pet's status as the batch's earlier ops left it. */
export class PetsPlan implements PartPlan {
  private readonly status = new Map<number, PetStatus>();
  private readonly created = new Map<number, PetRecord>();
  private readonly edited = new Map<number, PetRecord>();
  /** The pets the batch touches (for the listings' pages), and each as it was before the batch. */
  private readonly touched = new Set<number>();
  private before: (Pet | undefined)[] = [];
  /** Whether an open order (or anything else) holds a pet, so its status is not staff's to correct. */
  private readonly holders: ((petId: number) => boolean)[] = [];
  /** Told of each pet the batch creates (another part's records that begin with it: its first stay). */
  private readonly creationListeners: ((pet: PetRecord, actor: PetOp["actor"]) => void)[] = [];

  constructor(
    private readonly state: PetsState,
    private readonly batch: UnitOfWork,
  ) {}

  decide(op: Op): PetRecord {
    const petOp = op as PetOp;
    return petOp.kind === "pet" ? this.create(petOp.pet, petOp.actor) : this.correct(petOp);
  }

  /** The pet's status as the batch's earlier ops left it; undefined when there is no such pet. */
  statusOf(petId: number): PetStatus | undefined {
    return this.status.get(petId) ?? this.state.index.get(petId)?.status;
  }

  /** Moves the pet's status in the batch's view (the line that says so is the caller's). */
  setStatus(petId: number, status: PetStatus): void {
    const before = this.status.get(petId);
    this.batch.remember(() => (before === undefined ? this.status.delete(petId) : this.status.set(petId, before)));
    this.status.set(petId, status);
    this.touch(petId);
  }

  /** The pet as the batch's earlier ops left its fields, with `status`. */
  petAt(id: number, status: PetStatus | undefined): Pet {
    return { ...this.fieldsOf(id), status } as Pet;
  }

  /** Counts the pet as changed by the batch (its pages are forgotten). */
  touch(petId: number): void {
    this.touched.add(petId);
  }

  addHolder(holds: (petId: number) => boolean): void {
    this.holders.push(holds);
  }

  /**
   * Tells `listener` of each pet created, inside the creating op: what it writes commits with
   * the pet, its events follow the pet's, and its refusal refuses the pet.
   */
  onCreated(listener: (pet: PetRecord, actor: PetOp["actor"]) => void): void {
    this.creationListeners.push(listener);
  }

  applying(): void {
    if (this.touched.size === 0 || !this.state.onChange) return;
    const index = this.state.index;
    for (const id of this.touched) this.before.push(index.get(id));
  }

  applied(): void {
    if (this.touched.size === 0 || !this.state.onChange) return;
    const [index, before] = [this.state.index, this.before];
    this.state.onChange([...this.touched].map((id, i) => ({ id, before: before[i], after: index.get(id) })));
  }

  private fieldsOf(id: number): PetRecord | Pet | undefined {
    return this.edited.get(id) ?? this.created.get(id) ?? this.state.index.get(id);
  }

  private create(newPet: NewPet, actor: PetOp["actor"]): PetRecord {
    const pet = canonicalPet({
      ...newPet,
      id: checkedId(this.state.nextId, "pet"),
      status: newPet.status ?? DEFAULT_PET_STATUS,
    }) as PetRecord;
    // First: the encoder refuses a record the reader would refuse.
    this.batch.write(encodePetLine(pet), () => this.state.index.add(pet));
    this.state.nextId++;
    // Kept should the op be refused: its id is burnt, and its status (undone) says there is no such pet.
    this.created.set(pet.id, pet);
    this.setStatus(pet.id, pet.status);
    this.batch.plan(eventsPart).emit(petCreated(pet, this.batch.now, actor));
    for (const listener of this.creationListeners) listener(pet, actor);
    return pet;
  }

  private correct({ id, patch, versions, actor }: Extract<PetOp, { kind: "correct" }>): PetRecord {
    const current = this.statusOf(id);
    if (current === undefined) throw new PetNotFoundError(id);
    const before = { ...this.fieldsOf(id), status: current } as PetRecord;
    // If-Match, decided in the batch, after every earlier write to this pet (docs/decisions/213).
    if (versions && !versions.includes(petVersion(before as Pet))) throw new PetVersionMismatchError(id);
    // Only a status is the orders' to move; a typo in a name can be fixed at any time.
    if (patch.status !== undefined && this.holders.some((holds) => holds(id))) throw new PetHeldByOrderError(id);
    const pet = applyPetPatch(before, patch) as PetRecord;
    // Compared without the status, which has its own record below.
    const fieldsOf = (record: PetRecord) => JSON.stringify({ ...record, status: undefined });
    if (fieldsOf(pet) !== fieldsOf(canonicalPet(before) as PetRecord)) {
      this.batch.write(encodePetEditLine(pet, this.batch.now), () => this.state.index.edit(pet));
      const edited = this.edited.get(id);
      this.batch.remember(() => (edited ? this.edited.set(id, edited) : this.edited.delete(id)));
      this.edited.set(id, pet);
      this.touch(id);
    }
    if (pet.status !== current) {
      const change = { petId: id, from: current, status: pet.status, reason: patch.reason ?? "", at: this.batch.now };
      this.batch.write(encodeStatusChangeLine(change), () => this.state.index.setStatus(id, change.status));
      this.setStatus(id, pet.status);
    }
    this.batch.plan(eventsPart).emit(...petChanged(before as Pet, pet as Pet, this.batch.now, actor));
    return pet;
  }
}
