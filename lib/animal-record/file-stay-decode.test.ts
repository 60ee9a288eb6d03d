import { describe, expect, it } from "vitest";
import { INTAKE_SUBTYPES, INTAKE_TYPES } from "./intake-types";
import { OUTCOME_SUBTYPES, OUTCOME_TYPES } from "./outcome-types";
import { Stay } from "./stay-schemas";
import { StayChangeEntry } from "./stay-history";
import { NONE, stayLineOf } from "./file-stay-decode";

type Members = Record<string, unknown>;

/** The members as a line holds them: through JSON, so a member set to undefined is absent. */
const asRead = (fields: Members): Members => JSON.parse(JSON.stringify(fields)) as Members;

/** What zod reads of a stay line, or undefined where it refuses one: the reader this file replaced. */
function zodRead(fields: Members) {
  const { stay: id, history, ...rest } = fields;
  delete rest.crc32;
  const stay = Stay.safeParse({ id, ...rest });
  const entries = StayChangeEntry.array().safeParse(history ?? []);
  return stay.success && entries.success ? { stay: stay.data, history: entries.data } : undefined;
}

function fastRead(fields: Members) {
  try {
    return stayLineOf(fields);
  } catch {
    return undefined;
  }
}

const AT = "2026-11-02T09:30:00Z";
const automatic = { at: AT, type: "other", subtype: "not_recorded", condition: "not_assessed", sourceKind: "unknown" };
const line = (changes: Members = {}): Members => ({
  stay: 3,
  petId: 7,
  intake: automatic,
  placements: [],
  crc32: "0badc0de",
  ...changes,
});
const intake = (changes: Members) => line({ intake: { ...automatic, ...changes } });
const adoption = { at: "2026-11-20T15:00:00.125Z", type: "adoption" };
const outcome = (changes: Members) => line({ outcome: { ...adoption, ...changes } });
const source = { name: "Ana Ruiz", phone: "+34 600 000 000", email: "ana@example.org", address: "Calle Mayor 1" };
const carer = { name: "Jo Carer" };
const placement = (changes: Members) => line({ placements: [{ id: 5, from: "2026-11-03", ...changes }] });
const entry = (changes: Members) => line({ history: [{ at: AT, part: "intake", fields: ["type"], ...changes }] });

const intakes = INTAKE_TYPES.flatMap((type) => {
  const subtypes = INTAKE_SUBTYPES[type];
  return subtypes.length === 0
    ? [intake({ type, subtype: undefined })]
    : subtypes.map((subtype) => intake({ type, subtype }));
});
const outcomes = OUTCOME_TYPES.flatMap((type) => {
  const subtypes = OUTCOME_SUBTYPES[type];
  return subtypes.length === 0 ? [outcome({ type })] : subtypes.map((subtype) => outcome({ type, subtype }));
});

const VALID: [string, Members][] = [
  ["an automatic first stay", line()],
  ...intakes.map((each): [string, Members] => [`intake ${JSON.stringify(each.intake)}`, each]),
  ...outcomes.map((each): [string, Members] => [`outcome ${JSON.stringify(each.outcome)}`, each]),
  ["an adoption with its order", outcome({ orderId: 12 })],
  // The stored shape does not check a subtype against its type (the write's NewIntake does).
  ["a subtype of another type", intake({ type: "stray", subtype: "in_state" })],
  [
    "an intake with its personal part",
    intake({ type: "stray", sourceKind: "person", personal: { source, notes: "Found\nby the road" } }),
  ],
  ["an intake's personal part with notes only", intake({ personal: { notes: "Quiet" } })],
  ["an outcome with its personal part", outcome({ personal: { destination: source, notes: "Happy" } })],
  ["a placement in foster", placement({ personal: { carer } })],
  ["a placement ended", placement({ until: "2026-11-10", personal: { carer, notes: "Shy" } })],
  ["a placement erased", placement({ until: "2026-11-10" })],
  [
    "two placements",
    line({
      placements: [
        { id: 5, from: "2026-11-03", until: "2026-11-04" },
        { id: 6, from: "2026-11-04" },
      ],
    }),
  ],
  ["a correction with its reason", entry({ reason: "Entered as a stray by mistake" })],
  ["a correction erased", entry({})],
  ["a placement's correction", entry({ part: "placement", fields: ["from"], placementId: 5, reason: "Wrong day" })],
  ["a withdrawal", entry({ part: "withdrawal", fields: ["outcome"], reason: "Recorded by mistake" })],
  ["an outcome's correction", entry({ part: "outcome", fields: [], at: "2026-11-21T00:00:00.5Z" })],
  ["an empty history", line({ history: [] })],
  ["an intake recorded over the placeholder", entry({ fields: ["type", "subtype"], replacedPlaceholder: true })],
  ["a member no reader knows (dropped)", line({ later: { x: 1 } })],
  ["an intake member no reader knows (dropped)", intake({ later: 1 })],
];

const INVALID: [string, Members][] = [
  ["no stay id", line({ stay: undefined })],
  ["a stay id of 0", line({ stay: 0 })],
  ["a stay id as text", line({ stay: "3" })],
  ["a fractional pet id", line({ petId: 1.5 })],
  ["a pet id past 2^53", line({ petId: 2 ** 53 })],
  ["no intake", line({ intake: undefined })],
  ["an intake that is a list", line({ intake: [automatic] })],
  ["an intake without its time", intake({ at: undefined })],
  ["an intake day without a time", intake({ at: "2026-11-02" })],
  ["an intake time with an offset", intake({ at: "2026-11-02T09:30:00+01:00" })],
  ["an intake on 30 February", intake({ at: "2026-02-30T09:30:00Z" })],
  ["an intake time as a number", intake({ at: 1_700_000_000_000 })],
  ["an unknown intake type", intake({ type: "found" })],
  ["an unknown intake subtype", intake({ subtype: "unknown" })],
  ["a null subtype", intake({ subtype: null })],
  ["no condition", intake({ condition: undefined })],
  ["an unknown source kind", intake({ sourceKind: "nobody" })],
  ["a personal part with an unknown member", intake({ personal: { notes: "x", extra: 1 } })],
  ["a null personal part", intake({ personal: null })],
  ["a source without a name", intake({ personal: { source: { phone: "1" } } })],
  ["a null outcome", line({ outcome: null })],
  ["an outcome without a type", outcome({ type: undefined })],
  ["an unknown outcome type", outcome({ type: "adopted" })],
  ["an unknown outcome subtype", outcome({ type: "shelter_euthanasia", subtype: "space" })],
  ["an order id of 0", outcome({ orderId: 0 })],
  ["an outcome time in local time", outcome({ at: "2026-11-20T15:00:00" })],
  [
    "an outcome's personal part with a bad e-mail address",
    outcome({ personal: { destination: { name: "A", email: "no" } } }),
  ],
  ["no placements", line({ placements: undefined })],
  ["placements that are no list", line({ placements: {} })],
  ["a placement that is no object", line({ placements: [5] })],
  ["a placement without its id", line({ placements: [{ from: "2026-11-03" }] })],
  ["a placement without its first day", placement({ from: undefined })],
  ["a placement on a day that does not exist", placement({ until: "2026-02-30" })],
  ["a placement before 1900", placement({ from: "1899-12-31" })],
  ["a null end of placement", placement({ until: null })],
  ["a placement's carer without a name", placement({ personal: { carer: {} } })],
  ["a history that is no list", line({ history: {} })],
  ["a history entry without its time", entry({ at: undefined })],
  ["a history entry of an unknown part", entry({ part: "pet" })],
  ["a history entry's fields as text", entry({ fields: "type" })],
  ["a history entry's field that is a number", entry({ fields: [1] })],
  ["a history entry's placement id as text", entry({ placementId: "5" })],
  ["a placeholder mark that is not true", entry({ replacedPlaceholder: false })],
  ["an empty reason", entry({ reason: "   " })],
];

describe("the stay line's reader", () => {
  it.each(VALID)("reads %s as zod does, members in the same order", (_, written) => {
    const expected = zodRead(asRead(written));
    expect(expected).toBeDefined();
    const read = fastRead(asRead(written));
    expect(read).toEqual(expected);
    expect(JSON.stringify(read)).toBe(JSON.stringify(expected));
  });

  it.each(INVALID)("refuses %s, as zod does", (_, written) => {
    expect(zodRead(asRead(written))).toBeUndefined();
    expect(fastRead(asRead(written))).toBeUndefined();
  });

  it("names the member that fails, never its value", () => {
    expect(() => stayLineOf(intake({ type: "Ana Ruiz" }))).toThrow(/^not a valid stay record: intake\.type$/);
  });

  it("shares one frozen intake between lines that hold the same, and one empty list", () => {
    const first = stayLineOf(line({ stay: 1, petId: 1 }));
    const second = stayLineOf(line({ stay: 2, petId: 2 }));
    expect(second.stay.intake).toBe(first.stay.intake);
    expect(Object.isFrozen(first.stay.intake)).toBe(true);
    expect(second.stay.placements).toBe(NONE);
    expect(Object.isFrozen(NONE)).toBe(true);
    const withNotes = stayLineOf(intake({ personal: { notes: "Quiet" } }));
    expect(Object.isFrozen(withNotes.stay.intake)).toBe(false);
  });
});
