import "server-only";
import type pg from "pg";
import type { Pet } from "@/lib/pets/schemas";
import type { Stay } from "@/lib/animal-record/stay-schemas";
import { ClaimLostError, type IdempotencyRecord, type StoredResponse } from "@/lib/idempotency/idempotency-store";
import type { Event, EventActor } from "@/lib/events/event-types";
import { announceEventsAppended } from "@/lib/events/appended";
import { petCreated } from "@/lib/events/new-events";
import { firstStayColumns, firstStaysOf, type StayFlowSettings } from "@/lib/animal-record/postgres-stay-flows";
import { nowMs } from "@/lib/clock";
import { EVENT_LOCK_KEY, EVENTS_CHANNEL } from "@/lib/events/postgres-event-queries";
import { profileParam } from "./postgres-pet-queries";
import type { Database } from "@/lib/store/postgres/pool";
import type { IdLimit } from "@/lib/store/postgres/id-limits";

/** Where pet ids run out (migrations/1795305600000_create-pets.sql). */
export const PET_ID_LIMIT: IdLimit = { kind: "pet", constraint: "pets_id_range", sequence: "pets_id_seq" };

/*
 * A batch of creates in two round trips instead of six (docs/decisions/181): their ids are
 * drawn first, so the pets, the answers of their Idempotency-Keys and their pet.created
 * events are all known before anything is written, and then one statement writes the three
 * together. A single statement is its own transaction: one COMMIT, one WAL flush, no BEGIN.
 */

/**
 * `count` new pet ids from the pets' identity sequence, and as many stay ids when new pets get
 * their first stay (not transactional: a failed batch leaves gaps).
 */
export const allocatePetIds = (count: number, withStays: boolean): pg.QueryConfig => ({
  name: "pets_allocate_ids",
  text: "SELECT nextval('pets_id_seq') AS id, CASE WHEN $2 THEN nextval('stays_id_seq') END AS stay_id FROM generate_series(1, $1)",
  values: [count, withStays],
});

/** The answer one idempotent create records, beside the pet it answers. */
export interface CreateAnswer {
  petId: number;
  key: string;
  claimedAt: number;
  response: StoredResponse;
}

/**
 * Writes `pets` (ids already drawn), the `answers` of those created under an Idempotency-Key,
 * each pet's first `stays` (docs/decisions/254) and `events` (each naming its pet) in one statement.
 *
 * - An answer is written only while its claim is still held (key and started_at match, no
 *   answer yet: lib/idempotency/postgres-idempotency-queries.ts). A pet whose answer could
 *   not be written was taken over by a retry; it is not inserted, nor its event, and the
 *   rest of the batch is.
 * - The events are appended under the event lock (docs/decisions/162), taken inside the
 *   statement before any event's sequence is drawn and held to its commit, so sequences
 *   still become visible in commit order; the lock is held for this statement only.
 * - A stay is inserted with its pet, or not at all; its events with the pet's.
 * - Returns one row: the ids inserted and the highest event sequence appended.
 */
export function createPets(
  pets: Pet[],
  answers: CreateAnswer[],
  stays: Stay[],
  events: { petId: number; event: Event }[],
): pg.QueryConfig {
  return {
    name: "pets_create_batch",
    text: `WITH pet_input AS (
             SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[], $18::boolean[])
               WITH ORDINALITY AS t(id, name, category_id, status, profile, listed, ord)
           ), answer_input AS (
             SELECT * FROM unnest($6::bigint[], $7::text[], $8::timestamptz[], $9::integer[], $10::text[], $11::text[])
               AS a(pet_id, key, started_at, status, body, location)
           ), answered AS (
             UPDATE idempotency_keys AS i SET status = a.status, body = a.body, location = a.location
             FROM answer_input a
             WHERE i.key = a.key AND i.started_at = a.started_at AND i.status IS NULL
             RETURNING a.pet_id
           ), inserted AS (
             INSERT INTO pets (id, name, category_id, status, profile, listed) OVERRIDING SYSTEM VALUE
             SELECT id, name, category_id, status, profile::jsonb, listed FROM pet_input p
             WHERE NOT EXISTS (SELECT 1 FROM answer_input a WHERE a.pet_id = p.id)
                OR EXISTS (SELECT 1 FROM answered a WHERE a.pet_id = p.id)
             ORDER BY ord
             RETURNING id
           ), stay_input AS (
             SELECT * FROM unnest($19::bigint[], $20::bigint[], $21::timestamptz[], $22::text[], $23::timestamptz[], $24::text[])
               AS s(id, pet_id, intake_at, intake, outcome_at, outcome)
           ), stayed AS (
             INSERT INTO stays (id, pet_id, intake_at, intake, outcome_at, outcome)
             SELECT id, pet_id, intake_at, intake::jsonb, outcome_at, outcome::jsonb FROM stay_input
             WHERE pet_id IN (SELECT id FROM inserted)
           ), locked AS (
             SELECT pg_advisory_xact_lock($12) AS locked
           ), appended AS (
             INSERT INTO events (id, type, created_at, body)
             SELECT e.id, e.type, e.created_at, e.body
             FROM unnest($13::bigint[], $14::text[], $15::text[], $16::timestamptz[], $17::json[])
               WITH ORDINALITY AS e(pet_id, id, type, created_at, body, ord)
             CROSS JOIN locked
             WHERE e.pet_id IN (SELECT id FROM inserted)
             ORDER BY e.ord
             ON CONFLICT (id) DO NOTHING
             RETURNING sequence
           ), notified AS (
             SELECT pg_notify('${EVENTS_CHANNEL}', max(sequence)::text) FROM appended HAVING count(*) > 0
           )
           SELECT (SELECT array_agg(id) FROM inserted) AS ids, (SELECT max(sequence) FROM appended) AS latest,
                  (SELECT count(*) FROM notified) AS notified`,
    values: [
      pets.map((pet) => pet.id),
      pets.map((pet) => pet.name),
      pets.map((pet) => pet.categoryId),
      pets.map((pet) => pet.status),
      pets.map(profileParam),
      answers.map((answer) => answer.petId),
      answers.map((answer) => answer.key),
      answers.map((answer) => new Date(answer.claimedAt)),
      answers.map((answer) => answer.response.status),
      answers.map((answer) => answer.response.body),
      answers.map((answer) => answer.response.location ?? null),
      EVENT_LOCK_KEY,
      events.map(({ petId }) => petId),
      events.map(({ event }) => event.id),
      events.map(({ event }) => event.type),
      events.map(({ event }) => event.createdAt),
      events.map(({ event }) => JSON.stringify(event)),
      pets.map((pet) => pet.listed !== false),
      ...firstStayColumns(stays),
    ],
  };
}

/** The statement's one row. */
interface CreatedRow {
  ids: string[] | null;
  latest: string | null;
}

/** One create as the batcher hands it over. */
export interface PetInsert {
  pet: Omit<Pet, "id">;
  record?: IdempotencyRecord<Pet>;
  actor: EventActor;
}

/**
 * Creates the batch; resolves after its statement committed (the pets durable, their answers
 * and events with them). Per create, the pet, or ClaimLostError where its claim was taken over.
 */
export async function createPetBatch(
  database: Database,
  items: PetInsert[],
  flows: StayFlowSettings,
): Promise<(Pet | ClaimLostError)[]> {
  const { rows: drawn } = await database.query<{ id: string; stay_id: string | null }>(
    allocatePetIds(items.length, flows.firstStays),
  );
  const ascending = (a: number, b: number) => a - b;
  const ids = drawn.map((row) => Number(row.id)).sort(ascending);
  const at = new Date(nowMs()).toISOString();
  const pets: Pet[] = items.map((item, i) => ({ id: ids[i] as number, ...item.pet }));
  const answers = items.flatMap(({ record }, i) => {
    const pet = pets[i] as Pet;
    return record
      ? [{ petId: pet.id, key: record.key, claimedAt: record.claimedAt, response: record.answer(pet) }]
      : [];
  });
  const actors = items.map((item) => item.actor);
  const stayIds = flows.firstStays ? drawn.map((row) => Number(row.stay_id)).sort(ascending) : [];
  const first = flows.firstStays ? firstStaysOf(pets, stayIds, at, flows, actors) : { stays: [], events: [] };
  const events = pets.flatMap((pet, i) =>
    [petCreated(pet, at, actors[i]), ...(first.events[i] ?? [])].map((event) => ({ petId: pet.id, event })),
  );
  const { rows } = await database.query<CreatedRow>(createPets(pets, answers, first.stays, events));
  const latest = Number(rows[0]?.latest ?? 0);
  if (latest > 0) announceEventsAppended(latest);
  const inserted = new Set((rows[0]?.ids ?? []).map(Number));
  return pets.map((pet, i) => (inserted.has(pet.id) ? pet : new ClaimLostError(items[i]?.record?.key ?? "")));
}
