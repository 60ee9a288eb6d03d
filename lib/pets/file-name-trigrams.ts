import { lowerBound } from "./file-sorted-search";

/** Searches shorter than this many characters have no trigram to look up: the listing walks. */
export const TRIGRAM = 3;

/** Ids in ascending order: the first `length` of `values`. */
export interface CandidateIds {
  readonly values: Float64Array;
  readonly length: number;
}

/** Ids in ascending order, packed (no object per id), growing by doubling. */
class IdList implements CandidateIds {
  values = new Float64Array(4);
  length = 0;

  /** Adds `id` in its place; nothing if held. Appends in O(1) when ids arrive in order. */
  insert(id: number): void {
    const at = this.length > 0 && id > (this.values[this.length - 1] as number) ? this.length : this.indexOf(id);
    if (at < this.length && this.values[at] === id) return;
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values.copyWithin(at + 1, at, this.length);
    this.values[at] = id;
    this.length++;
  }

  remove(id: number): void {
    const at = this.indexOf(id);
    if (at === this.length || this.values[at] !== id) return;
    this.values.copyWithin(at, at + 1, this.length);
    this.length--;
  }

  indexOf(id: number): number {
    return lowerBound(this.values, this.length, id);
  }
}

/** The distinct three-character runs of a lower-cased name. */
function trigramsOf(folded: string): Set<string> {
  const grams = new Set<string>();
  for (let at = 0; at + TRIGRAM <= folded.length; at++) grams.add(folded.slice(at, at + TRIGRAM));
  return grams;
}

/**
 * The file store's index for `?q=` (docs/decisions/177): for each three-character run of a
 * lower-cased name, the ids of the pets whose name holds it. A name that holds the search
 * holds each of the search's trigrams, so the pets listed under the search's rarest
 * trigram are every possible match: a page walks the ids the search's trigrams share back
 * from its cursor (idsInAll) and only then reads their names. Its cost follows how many
 * pets share the search's rarest trigrams, not how many pets there are.
 */
export class NameTrigrams {
  private readonly lists = new Map<string, IdList>();

  add(id: number, name: string): void {
    for (const gram of trigramsOf(name.toLowerCase())) {
      let list = this.lists.get(gram);
      if (!list) this.lists.set(gram, (list = new IdList()));
      list.insert(id);
    }
  }

  rename(id: number, from: string, to: string): void {
    const kept = trigramsOf(to.toLowerCase());
    for (const gram of trigramsOf(from.toLowerCase())) if (!kept.has(gram)) this.lists.get(gram)?.remove(id);
    this.add(id, to);
  }

  /**
   * The lists of `q`'s trigrams, shortest first, or undefined when `q` is shorter than a
   * trigram. Every pet whose name holds `q` is in each list; [] when a trigram is in no
   * name (nothing matches).
   */
  candidates(q: string): CandidateIds[] | undefined {
    const grams = trigramsOf(q.toLowerCase());
    if (grams.size === 0) return undefined;
    const lists: IdList[] = [];
    for (const gram of grams) {
      const list = this.lists.get(gram);
      if (!list) return [];
      lists.push(list);
    }
    return lists.sort((a, b) => a.length - b.length);
  }
}

/**
 * The ids below `beforeId` that every list holds, newest first. The two shortest lists
 * are walked down side by side (each step a read of the next id, no search); an id both
 * hold is then looked up in the rest.
 */
export function* idsInAll(lists: readonly CandidateIds[], beforeId: number): Generator<number, void, undefined> {
  const [first, second, ...rest] = lists;
  if (!first) return;
  let i = lowerBound(first.values, first.length, beforeId) - 1;
  if (!second) {
    for (; i >= 0; i--) yield first.values[i] as number;
    return;
  }
  let j = lowerBound(second.values, second.length, beforeId) - 1;
  while (i >= 0 && j >= 0) {
    const id = first.values[i] as number;
    const other = second.values[j] as number;
    if (id > other) i--;
    else if (other > id) j--;
    else {
      if (rest.every((list) => holds(list, id))) yield id;
      i--;
      j--;
    }
  }
}

function holds(list: CandidateIds, id: number): boolean {
  const at = lowerBound(list.values, list.length, id);
  return at < list.length && list.values[at] === id;
}
