import { describe, expect, it } from "vitest";
import { petEtag, petVersion } from "./pet-version";

describe("petVersion", () => {
  const pet = { id: 7, name: "Rex", categoryId: 2, status: "available" as const, goodWith: { cats: "no" as const } };

  it("is the same whatever the order of the fields, and without an unknown goodWith member", () => {
    const reordered = {
      goodWith: { cats: "no" as const, dogs: "unknown" as const },
      status: "available" as const,
      categoryId: 2,
      name: "Rex",
      id: 7,
    };
    expect(petVersion(reordered)).toBe(petVersion(pet));
  });

  it("changes with any field, a field added later included, but not with photos", () => {
    expect(petVersion({ ...pet, name: "Max" })).not.toBe(petVersion(pet));
    expect(petVersion({ ...pet, status: "pending" })).not.toBe(petVersion(pet));
    expect(petVersion({ ...pet, listed: false } as typeof pet)).not.toBe(petVersion(pet));
    expect(petVersion({ ...pet, photos: [] } as typeof pet)).toBe(petVersion(pet));
  });

  it("quotes it as an entity tag", () => {
    expect(petEtag(pet)).toBe(`"${petVersion(pet)}"`);
    expect(petEtag(pet)).toMatch(/^"[0-9a-z]{22}"$/);
  });
});
