import { describe, expect, it } from "vitest";
import type { PetStore } from "@/lib/composition/pet-store";
import type { PetPage } from "@/lib/pets/pet-store";
import { getMetrics } from "./metrics";
import { timedStore } from "./timed-store";

const page: PetPage = { pets: [{ id: 1, name: "Rex", categoryId: 1, status: "available" }] };

/** A store whose list answers as `answer` says; no other operation is called. */
function storeListing(answer: () => PetPage | Promise<PetPage>): PetStore {
  return { list: answer } as unknown as PetStore;
}

async function listTimings(outcome: "ok" | "error"): Promise<number> {
  const { values } = await getMetrics().storeSeconds.get();
  const count = values.find(
    (value) =>
      value.metricName === "petstore_store_operation_duration_seconds_count" &&
      value.labels.operation === "list" &&
      value.labels.outcome === outcome,
  );
  return count?.value ?? 0;
}

describe("timing store operations", () => {
  it("a page at hand is returned as is, not as a promise, and timed", async () => {
    const before = await listTimings("ok");
    const answer = timedStore(storeListing(() => page)).list({ limit: 1 });
    expect(answer).toBe(page);
    expect(await listTimings("ok")).toBe(before + 1);
  });

  it("a page that must wait stays a promise, timed once it comes", async () => {
    const before = await listTimings("ok");
    const answer = timedStore(storeListing(async () => page)).list({ limit: 1 });
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBe(page);
    expect(await listTimings("ok")).toBe(before + 1);
  });

  it("a refusal stays a rejection and is timed as an error", async () => {
    const before = await listTimings("error");
    const refusal = new RangeError("limit must be a positive integer");
    await expect(timedStore(storeListing(() => Promise.reject(refusal))).list({ limit: 0 })).rejects.toBe(refusal);
    expect(await listTimings("error")).toBe(before + 1);
  });
});
