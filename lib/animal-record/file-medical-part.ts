import { PetNotFoundError } from "@/lib/pets/pet-errors";
import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "@/lib/store/file/engine/part";
import { checkedId } from "@/lib/store/file/engine/ids";
import { parseLine } from "@/lib/store/file/line-codec";
import { eventsPart, type ActorOp, type EventsPlan } from "@/lib/events/file-event-part";
import { petsPart, type PetsPlan } from "@/lib/pets/file-pet-part";
import type { HealthFacts, HealthFactsCorrection, WeightEntry } from "./health-schemas";
import type { MedicalEntry, MedicalEntryCorrection, NewMedicalEntry, TreatmentItem } from "./medical-schemas";
import type { SacSpecies } from "./sac-species";
import { MedicalEntryNotFoundError } from "./medical-store";
import { addWeight, changeHealthFacts } from "./health-rules";
import { correctEntry, recordEntry } from "./medical-rules";
import { changedItem, healthChanges, type ItemChange } from "./medical-changes";
import * as events from "./medical-events";
import { MedicalBook } from "./file-medical-book";
import { checkedRecord, decodeMedical, encodeMedicalLine, type MedicalRecord } from "./file-medical-line";

/** The write ops of the medical record (./medical-store.ts). */
export type MedicalOp =
  | (ActorOp & { kind: "medical-add-item"; item: Omit<TreatmentItem, "id"> })
  | (ActorOp & { kind: "medical-change-item"; id: number; change: ItemChange })
  | (ActorOp & { kind: "medical-record"; petId: number; entry: NewMedicalEntry })
  | (ActorOp & { kind: "medical-correct"; entryId: number; correction: MedicalEntryCorrection })
  | (ActorOp & { kind: "medical-health"; petId: number; patch: HealthFactsCorrection })
  | (ActorOp & { kind: "medical-weigh"; petId: number; weight: WeightEntry })
  | (ActorOp & { kind: "medical-species"; categoryId: number; species: SacSpecies });

const medicalLine = lineKind<MedicalBook, MedicalRecord>({
  noun: "medical records",
  prefix: '{"medical":',
  since: 9,
  decode: (buf, start, _bodyEnd, end) => decodeMedical(parseLine(buf, start, end)),
  fold: (book, record) => book.put(record),
});

/**
 * The animal's health record as a part of the file engine (docs/decisions/256): each change a
 * line of its whole state, written in the batch with its event, both closed by one commit
 * record. The rules decide against what is committed plus the batch's earlier ops.
 */
export const medicalPart: Part<MedicalBook, MedicalPlan> = {
  name: "medical",
  createState: () => new MedicalBook(),
  lines: [medicalLine],
  snapshot: {
    field: "medical",
    since: 7,
    kind: medicalLine,
    take: (book) => {
      const records = book.all();
      return { count: records.length, line: (i) => encodeMedicalLine(records[i] as MedicalRecord) };
    },
  },
  size: (book) => book.size,
  ops: [
    "medical-add-item",
    "medical-change-item",
    "medical-record",
    "medical-correct",
    "medical-health",
    "medical-weigh",
    "medical-species",
  ],
  plan: (book, batch) => new MedicalPlan(book, batch),
};

class MedicalPlan implements PartPlan {
  /** Items, entries and health facts as the batch's earlier ops left them. */
  private readonly items = new Map<number, TreatmentItem>();
  private readonly entries = new Map<number, MedicalEntry>();
  private readonly health = new Map<number, HealthFacts>();
  private highestItemId: number;
  private highestEntryId: number;
  private readonly pets: PetsPlan;
  private readonly events: EventsPlan;

  constructor(
    private readonly book: MedicalBook,
    private readonly batch: UnitOfWork,
  ) {
    this.highestItemId = book.highestItemId;
    this.highestEntryId = book.highestEntryId;
    this.pets = batch.plan(petsPart);
    this.events = batch.plan(eventsPart);
  }

  decide(op: Op): unknown {
    const medicalOp = op as MedicalOp;
    const { now } = this.batch;
    switch (medicalOp.kind) {
      case "medical-add-item": {
        const decided = { id: checkedId(this.highestItemId + 1, "treatment item"), ...medicalOp.item };
        const { item } = this.write({ medical: "item", item: decided });
        this.events.emit(events.medicalItemAdded(item, now, medicalOp.actor));
        return item;
      }
      case "medical-change-item": {
        const decided = changedItem(this.itemList(), medicalOp.id, medicalOp.change);
        const { item } = this.write({ medical: "item", item: decided });
        this.events.emit(events.medicalItemChanged(item, now, medicalOp.actor));
        return item;
      }
      case "medical-record": {
        this.checkPet(medicalOp.petId);
        const ids = { id: checkedId(this.highestEntryId + 1, "medical entry"), petId: medicalOp.petId };
        const decided = recordEntry(this.itemList(), medicalOp.entry, ids);
        const { entry } = this.write({ medical: "entry", entry: decided });
        this.events.emit(events.medicalRecorded(entry, now, medicalOp.actor));
        return entry;
      }
      case "medical-correct": {
        const before = this.entries.get(medicalOp.entryId) ?? this.book.entries.get(medicalOp.entryId);
        if (!before) throw new MedicalEntryNotFoundError(medicalOp.entryId);
        const { entry: decided, note } = correctEntry(this.itemList(), before, medicalOp.correction);
        const { entry } = this.write({ medical: "entry", entry: decided });
        const { fields, reason } = note;
        this.write({ medical: "correction", correction: { of: "entry", id: entry.id, at: now, fields, reason } });
        this.events.emit(events.medicalCorrected(entry, fields, now, medicalOp.actor));
        return entry;
      }
      case "medical-health": {
        const { petId, patch } = medicalOp;
        this.checkPet(petId);
        const before = this.factsOf(petId);
        const decided = checkedRecord({ medical: "health", petId, facts: changeHealthFacts(before, patch) });
        const { facts } = decided;
        const fields = healthChanges(before, facts);
        if (fields.length === 0) return facts;
        this.write(decided);
        if (patch.reason !== undefined) {
          const correction = { of: "health" as const, id: petId, at: now, fields, reason: patch.reason };
          this.write({ medical: "correction", correction });
        }
        this.events.emit(events.healthChanged(petId, facts, fields, now, medicalOp.actor));
        return facts;
      }
      case "medical-weigh": {
        const { petId, weight } = medicalOp;
        this.checkPet(petId);
        const { facts } = this.write({ medical: "health", petId, facts: addWeight(this.factsOf(petId), weight) });
        this.events.emit(events.weighed(petId, weight, now, medicalOp.actor));
        return facts;
      }
      case "medical-species": {
        const { categoryId, species } = medicalOp;
        if (this.book.species.get(categoryId) === species) return undefined;
        this.write({ medical: "species", categoryId, species });
        this.events.emit(events.categorySpeciesSet(categoryId, species, now, medicalOp.actor));
        return undefined;
      }
    }
  }

  private checkPet(petId: number): void {
    if (this.pets.statusOf(petId) === undefined) throw new PetNotFoundError(petId);
  }

  private itemList(): TreatmentItem[] {
    const items = new Map(this.book.items);
    for (const [id, item] of this.items) items.set(id, item);
    return [...items.values()];
  }

  private factsOf(petId: number): HealthFacts {
    return this.health.get(petId) ?? this.book.health.get(petId) ?? { weights: [] };
  }

  /** Its line first: the encoder refuses a record the reader would refuse, before any change. */
  private write<R extends MedicalRecord>(decided: R): R {
    const record = checkedRecord(decided);
    this.batch.write(encodeMedicalLine(record), () => this.book.put(record));
    const [highestItem, highestEntry] = [this.highestItemId, this.highestEntryId];
    const undo = this.view(record);
    this.batch.remember(() => {
      this.highestItemId = highestItem;
      this.highestEntryId = highestEntry;
      undo();
    });
    return record;
  }

  /** Puts the record in the batch's view; answers how to take it out again. */
  private view(record: MedicalRecord): () => void {
    const swap = <K, V>(map: Map<K, V>, key: K, value: V) => {
      const had = map.has(key);
      const before = map.get(key);
      map.set(key, value);
      return () => void (had ? map.set(key, before as V) : map.delete(key));
    };
    switch (record.medical) {
      case "item":
        this.highestItemId = Math.max(this.highestItemId, record.item.id);
        return swap(this.items, record.item.id, record.item);
      case "entry":
        this.highestEntryId = Math.max(this.highestEntryId, record.entry.id);
        return swap(this.entries, record.entry.id, record.entry);
      case "health":
        return swap(this.health, record.petId, record.facts);
      default:
        return () => {};
    }
  }
}
