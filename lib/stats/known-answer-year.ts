import type { SacAnimal } from "@/lib/animal-record/sac-month";
import type { CategorySpecies } from "@/lib/animal-record/sac-species";
import type { Stay } from "@/lib/animal-record/stay-schemas";

/*
 * A shelter's 2025, written by hand, whose every figure is known (known-answer-year.test.ts
 * states them): returns, transfers in and out, animals in care across both ends of the year,
 * stays across months, a pet created through the plain API (its only intake "other, not
 * recorded"), foster placements at the boundaries, owner-intended euthanasia, dogs, cats and a
 * rabbit, puppies and adults, and moments whose day differs between UTC and the shelter's
 * zone. Not a test file, so API tests can load the same year into either store: the stores
 * give their own pet and stay ids (map them by `petId` and order), and a pet created through
 * the plain API gets its "not recorded" intake at the moment it is created, so pet 105's
 * intake needs a correction of its `at` (with a reason) to fall in May 2025.
 */

export const KNOWN_ANSWER_TIME_ZONE = "America/Los_Angeles";

export const KNOWN_ANSWER_CATEGORIES = [
  { id: 1, name: "Dogs", species: "canine" },
  { id: 2, name: "Cats", species: "feline" },
  { id: 3, name: "Rabbits", species: "rabbit" },
] as const;
export const KNOWN_ANSWER_MAPPING: CategorySpecies = new Map(
  KNOWN_ANSWER_CATEGORIES.map((category) => [category.id, category.species]),
);

export type KnownAnimal = SacAnimal & { petId: number; story: string };

type StayOf = {
  id: number;
  intake: Partial<Stay["intake"]> & Pick<Stay["intake"], "at" | "type">;
  outcome?: Stay["outcome"];
  placements?: Stay["placements"];
};

function animal(
  petId: number,
  categoryId: number,
  birthDate: string | undefined,
  story: string,
  stays: StayOf[],
): KnownAnimal {
  return {
    petId,
    categoryId,
    ...(birthDate ? { birthDate } : {}),
    story,
    stays: stays.map(({ id, intake, outcome, placements }) => ({
      id,
      petId,
      intake: { condition: "healthy", sourceKind: "unknown", ...intake },
      ...(outcome ? { outcome } : {}),
      placements: placements ?? [],
    })),
  };
}

const D = 1;
const C = 2;
const R = 3;

export const KNOWN_ANSWER_ANIMALS: readonly KnownAnimal[] = [
  animal(101, D, "2019-05-10", "adult dog in care since November 2024, adopted, returned, adopted again", [
    {
      id: 1001,
      intake: { at: "2024-11-20T18:00:00Z", type: "stray" },
      outcome: { at: "2025-01-15T20:00:00Z", type: "adoption" },
    },
    {
      id: 1002,
      intake: { at: "2025-03-03T17:00:00Z", type: "returned_adoption", sourceKind: "person" },
      outcome: { at: "2025-04-10T17:00:00Z", type: "adoption" },
    },
  ]),
  animal(102, C, "2020-02-01", "adult cat surrendered in June, in foster from December to the year's end and on", [
    {
      id: 1003,
      intake: { at: "2025-06-20T16:00:00Z", type: "relinquished_by_owner", sourceKind: "person" },
      placements: [{ id: 501, from: "2025-12-01" }],
    },
  ]),
  animal(103, D, "2025-01-20", "stray puppy in March, adult (5 months) when adopted in July", [
    {
      id: 1004,
      intake: { at: "2025-03-01T19:00:00Z", type: "stray" },
      outcome: { at: "2025-07-05T18:00:00Z", type: "adoption" },
    },
  ]),
  animal(104, D, "2015-01-01", "adult dog transferred in (in state) and out (out of state) in February", [
    {
      id: 1005,
      intake: { at: "2025-02-10T18:00:00Z", type: "transferred_in", subtype: "in_state", sourceKind: "agency" },
      outcome: { at: "2025-02-24T18:00:00Z", type: "transferred_out", subtype: "out_of_state" },
    },
  ]),
  animal(
    105,
    C,
    undefined,
    "cat created through the plain API in May: other, not recorded; age unknown; in care at the end",
    [
      {
        id: 1006,
        intake: { at: "2025-05-05T15:00:00Z", type: "other", subtype: "not_recorded", condition: "not_assessed" },
      },
    ],
  ),
  animal(106, C, "2010-03-03", "old cat brought by its owner to be euthanised, the same day", [
    {
      id: 1007,
      intake: { at: "2025-08-12T17:00:00Z", type: "owner_intended_euthanasia", sourceKind: "person" },
      outcome: { at: "2025-08-12T21:00:00Z", type: "owner_intended_euthanasia" },
    },
  ]),
  animal(107, D, "2018-06-01", "adult dog in foster across New Year, returned to its owner in January", [
    {
      id: 1008,
      intake: { at: "2024-12-20T20:00:00Z", type: "stray" },
      outcome: { at: "2025-01-20T19:00:00Z", type: "returned_to_owner" },
      placements: [{ id: 502, from: "2024-12-28", until: "2025-01-10" }],
    },
  ]),
  animal(108, C, "2025-08-15", "kitten in from 28 September to 3 October: a stay across two months; died in care", [
    {
      id: 1009,
      intake: { at: "2025-09-28T22:00:00Z", type: "stray" },
      outcome: { at: "2025-10-03T18:00:00Z", type: "died_in_care" },
    },
  ]),
  animal(109, R, "2022-04-01", "rabbit seized in April (Other Intakes in SAC's rows), adopted in May", [
    {
      id: 1010,
      intake: { at: "2025-04-02T16:00:00Z", type: "seized_or_impounded", sourceKind: "agency" },
      outcome: { at: "2025-05-30T16:00:00Z", type: "adoption" },
    },
  ]),
  animal(
    110,
    D,
    "2017-07-07",
    "dog in at 22:30 on 31 December 2024 local time (1 January in UTC), out at 23:30 on 30 November",
    [
      {
        id: 1011,
        intake: { at: "2025-01-01T06:30:00Z", type: "stray" },
        outcome: { at: "2025-12-01T07:30:00Z", type: "shelter_euthanasia", subtype: "behavioral" },
      },
    ],
  ),
  animal(111, C, "2021-01-01", "cat adopted at 20:00 on 31 December local time (1 January 2026 in UTC)", [
    {
      id: 1012,
      intake: { at: "2025-12-15T18:00:00Z", type: "stray" },
      outcome: { at: "2026-01-01T04:00:00Z", type: "adoption" },
    },
  ]),
  animal(112, C, "2023-01-01", "community cat returned to field two days after intake", [
    {
      id: 1013,
      intake: { at: "2025-10-10T17:00:00Z", type: "stray" },
      outcome: { at: "2025-10-12T17:00:00Z", type: "returned_to_field" },
    },
  ]),
  animal(113, D, "2025-09-01", "puppy born in care in September, in foster until 31 December, in care at the end", [
    {
      id: 1014,
      intake: { at: "2025-09-01T12:00:00Z", type: "other", subtype: "born_in_care" },
      placements: [{ id: 503, from: "2025-12-20", until: "2025-12-31" }],
    },
  ]),
  animal(114, C, "2016-05-05", "cat transferred in from out of state, lost in care two days later", [
    {
      id: 1015,
      intake: { at: "2025-07-01T17:00:00Z", type: "transferred_in", subtype: "out_of_state", sourceKind: "agency" },
      outcome: { at: "2025-07-03T17:00:00Z", type: "lost_in_care" },
    },
  ]),
  animal(115, D, "2012-12-12", "adult dog surrendered in November, other live outcome", [
    {
      id: 1016,
      intake: { at: "2025-11-05T18:00:00Z", type: "relinquished_by_owner", sourceKind: "person" },
      outcome: { at: "2025-11-20T18:00:00Z", type: "other_live" },
    },
  ]),
  animal(116, D, "2016-02-02", "dog adopted in 2024 and returned in 2026: in none of 2025's figures", [
    {
      id: 1017,
      intake: { at: "2024-06-01T17:00:00Z", type: "stray" },
      outcome: { at: "2024-07-01T17:00:00Z", type: "adoption" },
    },
    { id: 1018, intake: { at: "2026-02-01T18:00:00Z", type: "returned_adoption", sourceKind: "person" } },
  ]),
];
