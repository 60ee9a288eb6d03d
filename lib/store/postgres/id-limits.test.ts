import { describe, expect, it } from "vitest";
import { IdSpaceExhaustedError } from "@/lib/errors/store-errors";
import { asIdSpaceExhausted, refusingIdOverflow, type IdLimit } from "./id-limits";

const PETS: IdLimit = { kind: "pet", constraint: "pets_id_range", sequence: "pets_id_seq" };
const CATEGORIES: IdLimit = { kind: "category", constraint: "categories_id_range" };
// What the driver throws, as PostgreSQL says it.
const checkFailed = (constraint: string) =>
  Object.assign(new Error("failing row contains (Rex, …)"), { code: "23514", constraint });
const sequenceEnded = (sequence: string) =>
  Object.assign(new Error(`nextval: reached maximum value of sequence "${sequence}" (9223372036854775807)`), {
    code: "2200H",
  });

describe("ids running out on PostgreSQL", () => {
  it("are the resource's refusal when its id range's check fails or its sequence ends", () => {
    expect(asIdSpaceExhausted(checkFailed("categories_id_range"), [PETS, CATEGORIES])).toEqual(
      new IdSpaceExhaustedError("category"),
    );
    expect(asIdSpaceExhausted(sequenceEnded("pets_id_seq"), [PETS, CATEGORIES])).toEqual(
      new IdSpaceExhaustedError("pet"),
    );
  });

  it("leave every other error as it was, a limit the write did not name included", () => {
    for (const error of [
      checkFailed("pets_category_id_range"),
      sequenceEnded("stays_id_seq"),
      checkFailed("pets_id_range"),
    ]) {
      expect(asIdSpaceExhausted(error, [CATEGORIES])).toBe(error);
    }
    expect(asIdSpaceExhausted(undefined, [PETS])).toBeUndefined();
  });

  it("are rethrown as the refusal by refusingIdOverflow, without the failing row's text", async () => {
    const refused = refusingIdOverflow([PETS], () => Promise.reject(checkFailed("pets_id_range")));
    await expect(refused).rejects.toBeInstanceOf(IdSpaceExhaustedError);
    await expect(refused).rejects.not.toHaveProperty("message", expect.stringContaining("Rex"));
    await expect(refusingIdOverflow([PETS], async () => 7)).resolves.toBe(7);
  });
});
