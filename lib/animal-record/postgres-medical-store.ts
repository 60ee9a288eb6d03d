import "server-only";
import type pg from "pg";
import type { Event } from "@/lib/events/event-types";
import { announceEventsAppended } from "@/lib/events/appended";
import type { Database } from "@/lib/store/postgres/pool";
import { appendEvents } from "@/lib/events/postgres-event-queries";
import { PetNotFoundError } from "@/lib/pets/pet-errors";
import { HealthFacts, type HealthFactsCorrection, type WeightEntry } from "./health-schemas";
import type { MedicalEntry, MedicalEntryCorrection, NewMedicalEntry, TreatmentItem } from "./medical-schemas";
import { MedicalEntryNotFoundError, type MedicalStore, type MedicalWriteOptions } from "./medical-store";
import type { SacSpecies } from "./sac-species";
import { addWeight, changeHealthFacts } from "./health-rules";
import { correctEntry, recordEntry } from "./medical-rules";
import { changedItem, healthChanges, type ItemChange } from "./medical-changes";
import * as events from "./medical-events";
import * as q from "./postgres-medical-queries";

type Decided<T> = { value: T; events: Event[] };

/**
 * The medical record on PostgreSQL (docs/decisions/256): each write one transaction on the
 * request pool that holds what it decides on (the pet's row, the entry's or the item's), reads
 * as committed, runs the rules of ./medical-rules.ts and ./health-rules.ts, writes, and
 * appends its event last, so the two commit together and a refusal rolls both back.
 */
export class PostgresMedicalStore implements MedicalStore {
  constructor(private readonly database: Database) {}

  async listItems(): Promise<TreatmentItem[]> {
    return (await this.database.query<q.ItemRow>(q.selectItems)).rows.map(q.toItem);
  }

  addItem(fields: Omit<TreatmentItem, "id">, { actor }: MedicalWriteOptions = {}): Promise<TreatmentItem> {
    return this.write(async (client, at) => {
      const { rows } = await client.query<{ id: string }>(q.nextItemId);
      const item = { id: Number(rows[0]?.id), ...fields };
      await client.query(q.upsertItem(item));
      return { value: item, events: [events.medicalItemAdded(item, at, actor)] };
    });
  }

  changeItem(id: number, change: ItemChange, { actor }: MedicalWriteOptions = {}): Promise<TreatmentItem> {
    return this.write(async (client, at) => {
      await client.query(q.lockItem(id));
      const item = changedItem(await this.itemsOn(client), id, change);
      await client.query(q.upsertItem(item));
      return { value: item, events: [events.medicalItemChanged(item, at, actor)] };
    });
  }

  recordEntry(petId: number, input: NewMedicalEntry, { actor }: MedicalWriteOptions = {}): Promise<MedicalEntry> {
    return this.write(async (client, at) => {
      await this.lockPet(client, petId);
      const items = await this.itemsOn(client);
      const { rows } = await client.query<{ id: string }>(q.nextEntryId);
      const entry = recordEntry(items, input, { id: Number(rows[0]?.id), petId });
      await client.query(q.insertEntry(entry));
      return { value: entry, events: [events.medicalRecorded(entry, at, actor)] };
    });
  }

  correctEntry(
    entryId: number,
    correction: MedicalEntryCorrection,
    { actor }: MedicalWriteOptions = {},
  ): Promise<MedicalEntry> {
    return this.write(async (client, at) => {
      const [row] = (await client.query<q.EntryRow>(q.selectEntry(entryId, true))).rows;
      if (!row) throw new MedicalEntryNotFoundError(entryId);
      const { entry, note } = correctEntry(await this.itemsOn(client), q.toEntry(row), correction);
      await client.query(q.updateEntry(entry));
      await client.query(q.insertCorrection("entry", entry.id, at, note.fields, note.reason));
      return { value: entry, events: [events.medicalCorrected(entry, note.fields, at, actor)] };
    });
  }

  async listEntries(petId: number): Promise<MedicalEntry[]> {
    return (await this.database.query<q.EntryRow>(q.selectPetEntries(petId))).rows.map(q.toEntry);
  }

  async getEntry(id: number): Promise<MedicalEntry | undefined> {
    const [row] = (await this.database.query<q.EntryRow>(q.selectEntry(id))).rows;
    return row && q.toEntry(row);
  }

  async listDueBy(until: string): Promise<MedicalEntry[]> {
    return (await this.database.query<q.EntryRow>(q.selectDueBy(until))).rows.map(q.toEntry);
  }

  async getHealthFacts(petId: number): Promise<HealthFacts> {
    const [row] = (await this.database.query<{ facts: HealthFacts }>(q.selectHealth(petId))).rows;
    return row?.facts ?? { weights: [] };
  }

  changeHealthFacts(
    petId: number,
    patch: HealthFactsCorrection,
    { actor }: MedicalWriteOptions = {},
  ): Promise<HealthFacts> {
    return this.write(async (client, at) => {
      const before = await this.lockedFacts(client, petId);
      // As the file engine's line: the facts as read back (a chip's number without its spaces).
      const facts = HealthFacts.parse(changeHealthFacts(before, patch));
      const fields = healthChanges(before, facts);
      if (fields.length === 0) return { value: facts, events: [] };
      await client.query(q.upsertHealth(petId, facts));
      if (patch.reason !== undefined) {
        await client.query(q.insertCorrection("health", petId, at, fields, patch.reason));
      }
      return { value: facts, events: [events.healthChanged(petId, facts, fields, at, actor)] };
    });
  }

  addWeight(petId: number, weight: WeightEntry, { actor }: MedicalWriteOptions = {}): Promise<HealthFacts> {
    return this.write(async (client, at) => {
      const facts = HealthFacts.parse(addWeight(await this.lockedFacts(client, petId), weight));
      await client.query(q.upsertHealth(petId, facts));
      return { value: facts, events: [events.weighed(petId, weight, at, actor)] };
    });
  }

  async categorySpecies(): Promise<Map<number, SacSpecies>> {
    const { rows } = await this.database.query<{ category_id: string; species: SacSpecies }>(q.selectSpecies);
    return new Map(rows.map((row) => [Number(row.category_id), row.species]));
  }

  async setCategorySpecies(
    categoryId: number,
    species: SacSpecies,
    { actor }: MedicalWriteOptions = {},
  ): Promise<void> {
    await this.write(async (client, at) => {
      const changed = (await client.query(q.upsertSpecies(categoryId, species))).rowCount ?? 0;
      return {
        value: undefined,
        events: changed > 0 ? [events.categorySpeciesSet(categoryId, species, at, actor)] : [],
      };
    });
  }

  private async lockPet(client: pg.PoolClient, petId: number): Promise<void> {
    if ((await client.query(q.lockPet(petId))).rowCount === 0) throw new PetNotFoundError(petId);
  }

  private async lockedFacts(client: pg.PoolClient, petId: number): Promise<HealthFacts> {
    await this.lockPet(client, petId);
    const [row] = (await client.query<{ facts: HealthFacts }>(q.selectHealth(petId))).rows;
    return row?.facts ?? { weights: [] };
  }

  private async itemsOn(client: pg.PoolClient): Promise<TreatmentItem[]> {
    return (await client.query<q.ItemRow>(q.selectItems)).rows.map(q.toItem);
  }

  private async write<T>(decide: (client: pg.PoolClient, at: string) => Promise<Decided<T>>): Promise<T> {
    const at = new Date().toISOString();
    const done = await this.database.transaction(async (client) => {
      const decided = await decide(client, at);
      const sequences = decided.events.length > 0 ? await appendEvents(client, decided.events) : [];
      return { value: decided.value, sequence: sequences.at(-1) ?? -1 };
    });
    // After COMMIT: the feed's readers and webhooks learn of it (as the pet store's withEvents does).
    if (done.sequence > 0) announceEventsAppended(done.sequence);
    return done.value;
  }
}
