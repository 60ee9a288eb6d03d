import { expect, it } from "vitest";
import { nameMatches } from "@/lib/pets/pet-filter";
import { PET_STATUSES, type PetStatus } from "@/lib/pets/schemas";
import { NameTrigrams } from "./file-name-trigrams";
import { PetIndex } from "./file-pet-index";

const TODAY = "2026-11-26";
const WORDS = ["Rex", "Bella", "Luna", "Ölaf", "ΣΟΦΙΑ", "Max", "Bellamy"];

/** Every page of a name search, followed by its cursor, as ids. */
function searchAll(index: PetIndex, q: string, status?: PetStatus): number[] {
  const ids: number[] = [];
  for (let before = Number.MAX_SAFE_INTEGER; ;) {
    const { pets, more } = index.page(7, before, status, undefined, { filter: { q }, today: TODAY });
    ids.push(...pets.map((pet) => pet.id));
    if (!more) return ids;
    before = pets.at(-1)!.id;
  }
}

// Without the index (`nameIndex: false`, the benchmark's comparison) a search walks: same answers.
it.each([{ nameIndex: true }, { nameIndex: false }])(
  "finds by name exactly the pets a walk finds, before and after renames and pets added after the first search (%o)",
  ({ nameIndex }) => {
    const index = new PetIndex({ nameIndex });
    const names = new Map<number, string>();
    const statuses = new Map<number, PetStatus>();
    const add = (id: number) => {
      const name = `${WORDS[id % WORDS.length]} ${id} ${WORDS[(id * 3) % WORDS.length]}`;
      const status = PET_STATUSES[id % 3] as PetStatus;
      index.add({ id, name, categoryId: 1, status });
      names.set(id, name);
      statuses.set(id, status);
    };
    for (let id = 1; id <= 600; id++) add(id);
    const searches = ["bell", "BELLA", "amy", "ölaf", "σοφ", "12", "x 1", "rex 5", "zzz", "Luna 59", "a"];
    const expectSame = () => {
      for (const q of searches) {
        const expected = [...names].filter(([, name]) => nameMatches(name, q)).map(([id]) => id);
        expect(searchAll(index, q), q).toEqual(expected.reverse());
        const available = expected.filter((id) => statuses.get(id) === "available");
        expect(searchAll(index, q, "available"), `${q}, available`).toEqual(available);
      }
    };
    expectSame(); // the first search builds the index
    for (let id = 1; id <= 600; id += 7) {
      const name = `Zed ${id}`;
      index.edit({ id, name, categoryId: 2 });
      names.set(id, name);
    }
    for (let id = 601; id <= 700; id++) add(id);
    searches.push("zed", "zed 1");
    expectSame();
  },
);

it("gives a search's trigram lists shortest first, none for a trigram no name holds, and no lists for fewer than three characters", () => {
  const trigrams = new NameTrigrams();
  trigrams.add(1, "Bella");
  trigrams.add(2, "Bellamy");
  trigrams.add(3, "Amy");
  const ids = (q: string) => trigrams.candidates(q)?.map((list) => [...list.values.subarray(0, list.length)]);
  expect(ids("bellam")).toEqual([[2], [1, 2], [1, 2], [1, 2]]); // lam, then bel, ell, lla
  expect(ids("amy")).toEqual([[2, 3]]);
  expect(ids("rex")).toEqual([]);
  expect(ids("bellarex")).toEqual([]);
  expect(ids("be")).toBeUndefined();
  trigrams.rename(2, "Bellamy", "Rex");
  expect(ids("amy")).toEqual([[3]]);
  expect(ids("rex")).toEqual([[2]]);
});
