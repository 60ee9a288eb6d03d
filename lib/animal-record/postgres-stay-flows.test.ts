import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PetStore } from "@/lib/composition/pet-store";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { MIGRATIONS_DIR } from "@/lib/store/postgres/migrate";
import { openDatabasePools, PURPOSES, type DatabasePools } from "@/lib/store/postgres/pools";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { recordingLogger } from "@/tests/support/store/test-support";
import { describeStayFlowsContract, type FlowStores } from "./stay-flows.contract";
import { PostgresStayStore } from "./postgres-stay-store";
import { closeStayRow, lockPet } from "./postgres-stay-queries";
import { closeStay } from "./stay-rules";
import type { Outcome, Stay } from "./stay-schemas";

/** The migration that gives pets from before the record their first stay, run again as a first start would. */
const FIRST_STAYS = path.join(MIGRATIONS_DIR, "1796428800255_open-first-stays.sql");

describeStayFlowsContract("PostgreSQL", async () => {
  const target = newTestSchema();
  const pools = new Map<FlowStores, DatabasePools>();
  const openPools = () => openDatabasePools({ ...target, requestsMax: 2, warn: () => {} });
  return {
    async open({ firstStays }) {
      const pets = await openPostgresStore({ ...target, poolMax: 2, logger: recordingLogger(), firstStays });
      const own = openPools();
      const stores = { pets, stays: new PostgresStayStore(own.requests) };
      pools.set(stores, own);
      return stores;
    },
    async close(stores) {
      await stores.pets.close();
      await pools.get(stores)?.end();
      pools.delete(stores);
    },
    async upgrade() {
      const up = (await fs.readFile(FIRST_STAYS, "utf8")).split("-- Down Migration")[0] as string;
      const own = openPools();
      try {
        await own.requests.query(up);
      } finally {
        await own.end();
      }
    },
    cleanup: () => target.drop(),
  };
});

describe("PostgreSQL: a delivery beside a stay write", () => {
  const target = newTestSchema();
  let pets: PetStore;
  let staff: pg.Client;
  let own: DatabasePools;
  let stays: PostgresStayStore;
  beforeEach(async () => {
    pets = await openPostgresStore({ ...target, poolMax: 2, logger: recordingLogger() });
    own = await openDatabasePools({ ...target, requestsMax: 1, warn: () => {} });
    stays = new PostgresStayStore(own.requests);
    staff = new pg.Client({ connectionString: target.connectionString, options: `-c search_path=${target.schema}` });
    await staff.connect();
  });
  afterEach(async () => {
    await staff.end();
    await own.end();
    await pets.close();
    await target.drop();
  });

  /** Until a statement of the store's pool waits on a row lock. */
  async function blocked(): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      const { rows } = await staff.query(
        `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
        [PURPOSES.requests],
      );
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("the delivery never waited for the pet");
  }

  it("ends an open foster placement on the delivery's day in the shelter's zone, the carer kept out of the event", async () => {
    const pet = await pets.create({ name: "Rex", categoryId: 1 });
    const today = new Date().toISOString().slice(0, 10);
    const carer = { carer: { name: "Fay Foster", phone: "+1 555 0199" }, notes: "Fay has a garden" };
    const placed = await stays.placeInFoster(pet.id, { from: today, personal: carer }, { timeZone: "UTC" });
    const order = await pets.placeOrder({ petId: pet.id, adopter: "Sam Adopter" });
    await pets.transitionOrder(order.id, "approved");
    const delivered = await pets.transitionOrder(order.id, "delivered");
    const [placement] = placed.placements;
    expect(await stays.listStays(pet.id)).toEqual([
      {
        ...placed,
        outcome: { at: delivered.updatedAt, type: "adoption", orderId: order.id },
        placements: [{ ...placement, until: delivered.updatedAt.slice(0, 10) }],
      },
    ]);
    const events = await pets.readEvents({ afterSequence: 0, limit: 100 });
    expect(events.map(({ event }) => event.type).slice(-3)).toEqual([
      "order.delivered",
      "pet.status_changed",
      "stay.closed",
    ]);
    expect(JSON.stringify(events.at(-1))).not.toMatch(/Fay|garden|555/);
  });

  // The delivery reads the open stay, then its statement waits for the pet while staff close the
  // stay; their outcome commits first, so the delivery must see it (docs/decisions/275) and not
  // write its adoption over it, as its statement's own snapshot would let it.
  it("sees the stay as staff committed it while it waited for the pet, and leaves their outcome", async () => {
    const pet = await pets.create({ name: "Rex", categoryId: 1 });
    const order = await pets.placeOrder({ petId: pet.id, adopter: "Sam Adopter" });
    await pets.transitionOrder(order.id, "approved");
    const [open] = await stays.listStays(pet.id);
    const transfer = closeStay(
      [open as Stay],
      { at: new Date().toISOString(), type: "transferred_out", subtype: "in_state" },
      "UTC",
    );
    await staff.query("BEGIN");
    await staff.query(lockPet(pet.id));
    await staff.query(closeStayRow(transfer as Stay & { outcome: Outcome }));
    const delivering = pets.transitionOrder(order.id, "delivered");
    await blocked();
    await staff.query("COMMIT");
    await expect(delivering).resolves.toMatchObject({ status: "delivered" });
    expect(await stays.listStays(pet.id)).toEqual([transfer]);
    expect((await pets.get(pet.id))?.status).toBe("sold");
    const events = await pets.readEvents({ afterSequence: 0, limit: 100 });
    expect(events.map(({ event }) => event.type)).not.toContain("stay.closed");
  });
});
