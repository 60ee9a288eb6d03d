import { describe, expect, it } from "vitest";
import { AuditListParams } from "./list-params";

const parse = (query: Record<string, string>) => AuditListParams.safeParse(query);

describe("AuditListParams", () => {
  it("reads actors, resources, types and prefixes, and times in any offset as UTC", () => {
    expect(
      parse({
        actor: "api_key:a1b2c3",
        resource: "pet:42",
        type: "pet.,order.placed",
        since: "2030-01-01T10:00:00+01:00",
      }).data,
    ).toMatchObject({
      limit: 20,
      actor: { type: "api_key", id: "a1b2c3" },
      resource: { type: "pet", id: "42" },
      type: ["pet.created", "pet.updated", "pet.status_changed", "order.placed"],
      since: "2030-01-01T09:00:00.000Z",
    });
    expect(parse({ actor: "operator" }).data?.actor).toEqual({ type: "operator" });
    expect(parse({ resource: "person:p_1" }).data?.resource).toEqual({ type: "person", id: "p_1" });
  });

  it.each<Record<string, string>>([
    { actor: "api_key" },
    { actor: "robot:1" },
    { resource: "pet" },
    { resource: "planet:1" },
    { type: "pet" },
    { type: "nothing." },
    { since: "yesterday" },
    { until: "2030-01-01T00:00:00" },
    { limit: "0" },
    { colour: "red" },
  ])("refuses %o", (query) => {
    expect(parse(query).success).toBe(false);
  });
});
