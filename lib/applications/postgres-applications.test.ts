import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { recordingLogger } from "@/tests/support/store/test-support";
import type { ApplicationAnswers } from "@/lib/applications/schemas";
import { moveTo } from "@/lib/applications/changes";
import type { NewApplicationRecord } from "@/lib/applications/application-store";
import { PetNotAvailableError } from "@/lib/pets/pet-errors";
import { IdSpaceExhaustedError } from "@/lib/errors/store-errors";
import type { PetStore } from "@/lib/composition/pet-store";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { newTestSchema } from "@/lib/store/postgres/test-schema";

/*
 * What only PostgreSQL can show: two instances (two pools, real connections) racing, and
 * what the table holds after an erasure. The behaviour both stores share is the contract's
 * (lib/applications/application-store.contract.ts).
 */

const ANSWERS: ApplicationAnswers = {
  name: "Ada Lovelace",
  email: "ada@example.org",
  adults: 2,
  childrenAges: [],
  otherAnimals: "",
  homeType: "house",
  tenure: "own",
  garden: "private",
  hoursAlone: 2,
  experience: "Two dogs before",
  whyThisAnimal: "Rex is calm and loves long walks",
  consentToContact: true,
};

const digest = (text: string) => createHash("sha256").update(text).digest("hex");
const REFERENCE_CHARS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const reference = () =>
  `A-${Array.from(randomBytes(8), (byte) => REFERENCE_CHARS[byte % 32])
    .join("")
    .replace(/^(.{4})/, "$1-")}`;

function application(petId: number, email: string, name = ANSWERS.name): NewApplicationRecord {
  const at = new Date().toISOString();
  return {
    reference: reference(),
    petId,
    state: "submitted",
    source: "form",
    suspect: [],
    submittedAt: at,
    updatedAt: at,
    personal: {
      answers: { ...ANSWERS, name, email },
      notes: [],
      emailDigest: digest(`email:${email}`),
      statusTokenDigest: digest(`token:${randomBytes(8).toString("hex")}`),
    },
  };
}

describe("PostgreSQL applications, two instances at once", () => {
  const target = newTestSchema();
  const open = () => openPostgresStore({ ...target, poolMax: 4, logger: recordingLogger() });
  let stores: PetStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.map((store) => store.close()));
    stores = [];
    await target.drop();
  });

  it("approving two applications for one animal at once holds it for exactly one; the other is left as it was", async () => {
    stores = [await open(), await open()];
    const [a, b] = stores as [PetStore, PetStore];
    const rex = await a.create({ name: "Rex", categoryId: 1 });
    const first = (await a.submitApplication(application(rex.id, "ada@example.org"))).application;
    const second = (await b.submitApplication(application(rex.id, "bo@example.org", "Bo"))).application;
    const now = new Date().toISOString();

    const results = await Promise.allSettled([
      a.changeApplication(first.id, moveTo("approved", now)),
      b.changeApplication(second.id, moveTo("approved", now)),
    ]);

    const won = results.flatMap((result) => (result.status === "fulfilled" && result.value ? [result.value] : []));
    const lost = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(PetNotAvailableError);
    expect(won[0]).toMatchObject({ state: "approved", orderId: expect.any(Number) });
    expect((await a.get(rex.id))?.status).toBe("pending");
    expect((await b.listOrders({ limit: 10 })).orders).toEqual([
      expect.objectContaining({ id: won[0]?.orderId, petId: rex.id, status: "placed" }),
    ]);
    const loser = won[0]?.id === first.id ? second : first;
    expect(await b.getApplication(loser.id)).toEqual(loser);
    // The winner's approval, its order and the pet's hold, in one commit; nothing of the loser's.
    const types = (await a.readEvents({ afterSequence: 0, limit: 50 })).map(({ event }) => event.type);
    expect(types).toEqual([
      "pet.created",
      "stay.opened",
      "application.submitted",
      "application.submitted",
      "application.approved",
      "order.placed",
      "pet.status_changed",
    ]);
  });

  it("refuses an application once application ids run out, as the file store does, without the adopter's answers", async () => {
    stores = [await open()];
    const rex = await stores[0]!.create({ name: "Rex", categoryId: 1 });
    const client = new pg.Client({ connectionString: target.connectionString });
    await client.connect();
    try {
      await client.query(
        `ALTER SEQUENCE ${target.schema}.applications_id_seq RESTART WITH ${Number.MAX_SAFE_INTEGER + 1}`,
      );
    } finally {
      await client.end();
    }
    const refused = stores[0]!.submitApplication(application(rex.id, "ada@example.org"));
    await expect(refused).rejects.toEqual(new IdSpaceExhaustedError("application"));
    await expect(refused).rejects.not.toHaveProperty("message", expect.stringContaining("Ada"));
  });

  it("submitting the same application ten times at once from two instances keeps one; the rest are told it exists", async () => {
    stores = [await open(), await open()];
    const rex = await stores[0]!.create({ name: "Rex", categoryId: 1 });
    const submits = Array.from({ length: 10 }, (_unused, i) =>
      stores[i % 2]!.submitApplication(application(rex.id, "ada@example.org")),
    );

    const results = await Promise.all(submits);

    const ids = new Set(results.map(({ application }) => application.id));
    expect(ids.size).toBe(1);
    expect(results.filter(({ duplicate }) => !duplicate)).toHaveLength(1);
    expect((await stores[1]!.listApplications({ limit: 20 })).applications).toHaveLength(1);
    const submitted = (await stores[0]!.readEvents({ afterSequence: 0, limit: 50, types: ["application.submitted"] }))
      .length;
    expect(submitted).toBe(1);
    // Once that one is decided, the same e-mail may apply again.
    const [only] = ids;
    await stores[0]!.changeApplication(only!, moveTo("withdrawn", new Date().toISOString()));
    expect(await stores[1]!.submitApplication(application(rex.id, "ada@example.org"))).toMatchObject({
      duplicate: false,
    });
  });
  it("two instances erasing overlapping sets at once (every instance sweeps) erase each application once", async () => {
    stores = [await open(), await open()];
    const [a, b] = stores as [PetStore, PetStore];
    const pets = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => a.create({ name: `Pet ${n}`, categoryId: 1 })));
    const ids: number[] = [];
    for (const [n, pet] of pets.entries()) {
      ids.push((await a.submitApplication(application(pet.id, `p${n}@example.org`))).application.id);
    }
    const now = new Date().toISOString();

    const [first, second] = await Promise.all([
      a.erasePersonalData(ids, now),
      b.erasePersonalData([...ids].reverse(), now),
    ]);

    expect([...first, ...second].sort((x, y) => x - y)).toEqual(ids);
    const erased = await a.readEvents({ afterSequence: 0, limit: 100, types: ["application.erased"] });
    expect(erased.map(({ event }) => (event.data.object as { id: number }).id).sort((x, y) => x - y)).toEqual(ids);
  });
});

describe("PostgreSQL application erasure", () => {
  const target = newTestSchema();
  afterEach(async () => {
    await target.drop();
  });

  it("sets every personal column to NULL and keeps the rest: the animal, the states and times", async () => {
    const store = await openPostgresStore({ ...target, poolMax: 2, logger: recordingLogger() });
    const admin = new pg.Client({ connectionString: target.connectionString });
    await admin.connect();
    try {
      const rex = await store.create({ name: "Rex", categoryId: 1 });
      const submitted = application(rex.id, "ada@example.org", "Zebediah Quarrington");
      const { application: kept } = await store.submitApplication(submitted);
      const now = new Date().toISOString();
      await store.changeApplication(kept.id, moveTo("declined", now, "Our landlord rule"));

      expect(await store.erasePersonalData([kept.id], now)).toEqual([kept.id]);

      const { rows } = await admin.query(
        `SELECT answers, notes, decline_reason, email_digest, status_token_digest, erased_at, state, pet_id, decided_at
         FROM ${target.schema}.applications`,
      );
      expect(rows).toEqual([
        {
          answers: null,
          notes: null,
          decline_reason: null,
          email_digest: null,
          status_token_digest: null,
          erased_at: new Date(now),
          state: "declined",
          pet_id: String(rex.id),
          decided_at: new Date(now),
        },
      ]);
      expect(await store.findByStatusToken(submitted.personal.statusTokenDigest)).toBeUndefined();
      expect(await store.findByEmailDigest(submitted.personal.emailDigest)).toEqual([]);
      expect(await store.erasePersonalData([kept.id], now)).toEqual([]);
    } finally {
      await admin.end();
      await store.close();
    }
  });

  it("leaves no row version holding the answers, and no index entry holding the digests (VACUUM)", async (context) => {
    const store = await openPostgresStore({ ...target, poolMax: 2, logger: recordingLogger() });
    const admin = new pg.Client({ connectionString: target.connectionString });
    await admin.connect();
    try {
      // pageinspect reads raw pages: a contrib extension that needs a superuser; without it, say so.
      const inspect = await admin
        .query(`CREATE EXTENSION IF NOT EXISTS pageinspect SCHEMA ${target.schema}`)
        .then(() => true)
        .catch(() => false);
      if (!inspect) return context.skip("pageinspect is not available on this server");
      const rex = await store.create({ name: "Rex", categoryId: 1 });
      const ada = application(rex.id, "ada@example.org", "Zebediah Quarrington");
      const bo = application(rex.id, "bo@example.org", "Bo Other");
      const { application: kept } = await store.submitApplication(ada);
      await store.submitApplication(bo);
      const now = new Date().toISOString();
      await store.changeApplication(kept.id, moveTo("withdrawn", now));
      const holding = (text: string) => versionsHolding(admin, target.schema, text);
      expect(await holding("Zebediah")).toBe(2); // the submitted row and the withdrawn one

      await store.erasePersonalData([kept.id], now);
      // The store vacuums after an erasure, but a VACUUM cannot remove versions that an older
      // snapshot may still see: another test file's transaction on this server (three run at
      // once) can hold the horizon back for a moment. Vacuum again until it has passed.
      for (let tries = 0; tries < 50 && (await holding("Zebediah")) > 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        await admin.query(`VACUUM ${target.schema}.applications`);
      }

      expect(await holding("Zebediah")).toBe(0);
      expect(await holding(ada.personal.emailDigest)).toBe(0);
      expect(await holding(ada.personal.statusTokenDigest)).toBe(0);
      expect(await holding("Bo Other")).toBe(1);
      expect(await holding(bo.personal.emailDigest)).toBeGreaterThan(0);
    } finally {
      await admin.end();
      await store.close();
    }
  });
});

/**
 * Row versions of the table (live or dead, not yet vacuumed) and index entries whose bytes
 * contain `text`. Only tuples: bytes left in a page's free space are not counted (decision 193).
 */
async function versionsHolding(admin: pg.Client, schema: string, text: string): Promise<number> {
  const table = `${schema}.applications`;
  const indexes = ["applications_email_digest", "applications_status_token", "applications_one_open_per_adopter"];
  const { rows } = await admin.query<{ count: number }>(
    `SELECT (SELECT count(*) FROM generate_series(0, pg_relation_size($2::regclass) / 8192 - 1) AS block,
                    ${schema}.heap_page_items(${schema}.get_raw_page($2::text, block::int)) AS item
             WHERE position(convert_to($1, 'UTF8') IN item.t_data) > 0)
          + (SELECT count(*) FROM unnest($3::text[]) AS ix,
                    generate_series(1, pg_relation_size(ix::regclass) / 8192 - 1) AS block,
                    ${schema}.bt_page_items(ix::text, block::int) AS item
             WHERE position(convert_to($1, 'UTF8') IN decode(replace(item.data, ' ', ''), 'hex')) > 0) AS count`,
    [text, table, indexes.map((index) => `${schema}.${index}`)],
  );
  return Number(rows[0]?.count);
}
