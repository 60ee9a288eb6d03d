import type { ApplicationRecord, ApplicationState } from "@/lib/applications/schemas";

/** What a listing of applications filters by (lib/applications/application-store.ts ListApplicationsQuery). */
export interface ApplicationSelection {
  state?: ApplicationState;
  petId?: number;
  submittedBefore?: string;
}

const DECIDED: ReadonlySet<ApplicationState> = new Set(["approved", "declined", "withdrawn"]);

/**
 * Applications in memory, as plain records (a shelter's applications number in the
 * thousands): by id in ascending order (ids only grow), by pet, by the digest of the status
 * link's token and by the digest of the adopter's e-mail, so each lookup the port offers
 * reads only what it names. A record is replaced whole on each change, never changed in place.
 */
export class ApplicationBook {
  private readonly records = new Map<number, ApplicationRecord>();
  private readonly ids: number[] = [];
  private readonly byPet = new Map<number, number[]>();
  private readonly byToken = new Map<string, number>();
  private readonly byEmail = new Map<string, number[]>();
  private readonly references = new Set<string>();

  get lastId(): number {
    return this.ids.at(-1) ?? 0;
  }

  get(id: number): ApplicationRecord | undefined {
    return this.records.get(id);
  }

  /** Records an application's latest state (a new id must be greater than every id held). */
  put(record: ApplicationRecord): void {
    const before = this.records.get(record.id);
    if (!before) {
      if (record.id <= this.lastId) throw new Error(`application id ${record.id} is not greater than ${this.lastId}`);
      this.ids.push(record.id);
      push(this.byPet, record.petId, record.id);
      this.references.add(record.reference);
    } else if (before.petId !== record.petId || before.reference !== record.reference) {
      throw new Error(`application ${record.id} cannot change its pet or reference`);
    }
    const [token, email] = [before?.personal?.statusTokenDigest, before?.personal?.emailDigest];
    if (token !== record.personal?.statusTokenDigest) {
      if (token !== undefined) this.byToken.delete(token);
      if (record.personal) this.byToken.set(record.personal.statusTokenDigest, record.id);
    }
    if (email !== record.personal?.emailDigest) {
      if (email !== undefined) remove(this.byEmail, email, record.id);
      if (record.personal) insert(this.byEmail, record.personal.emailDigest, record.id);
    }
    this.records.set(record.id, record);
  }

  /** The ids of the pet's applications, ascending. */
  idsOfPet(petId: number): readonly number[] {
    return this.byPet.get(petId) ?? [];
  }

  holdsReference(reference: string): boolean {
    return this.references.has(reference);
  }

  findByStatusToken(digest: string): ApplicationRecord | undefined {
    const id = this.byToken.get(digest);
    return id === undefined ? undefined : this.records.get(id);
  }

  /** Newest first. */
  findByEmailDigest(digest: string): ApplicationRecord[] {
    return (this.byEmail.get(digest) ?? []).map((id) => this.records.get(id) as ApplicationRecord).reverse();
  }

  /** Every application, ascending by id (for the snapshot). */
  all(): ApplicationRecord[] {
    return this.ids.map((id) => this.records.get(id) as ApplicationRecord);
  }

  /** Up to `limit` applications below `beforeId`, newest first, matching `selection`; and whether more match. */
  page(limit: number, beforeId: number, { state, petId, submittedBefore }: ApplicationSelection) {
    const ids = petId === undefined ? this.ids : (this.byPet.get(petId) ?? []);
    const before = submittedBefore === undefined ? Infinity : Date.parse(submittedBefore);
    const applications: ApplicationRecord[] = [];
    for (let i = ids.length - 1; i >= 0; i--) {
      const record = this.records.get(ids[i] as number) as ApplicationRecord;
      if (record.id >= beforeId || (state && record.state !== state)) continue;
      if (!(Date.parse(record.submittedAt) < before)) continue;
      if (applications.length === limit) return { applications, more: true };
      applications.push(record);
    }
    return { applications, more: false };
  }

  /** Up to `limit` ids of applications decided before `cutoff` that still hold personal data, oldest ids first. */
  decidedBefore(cutoff: string, limit: number): number[] {
    const until = Date.parse(cutoff);
    const due: number[] = [];
    for (const id of this.ids) {
      if (due.length === limit) break;
      const { state, decidedAt, personal } = this.records.get(id) as ApplicationRecord;
      if (personal && DECIDED.has(state) && decidedAt !== undefined && Date.parse(decidedAt) < until) due.push(id);
    }
    return due;
  }
}

function push(map: Map<number, number[]>, key: number, id: number): void {
  const ids = map.get(key);
  if (ids) ids.push(id);
  else map.set(key, [id]);
}

/** Into the key's ascending ids (an e-mail's applications are few). */
function insert(map: Map<string, number[]>, key: string, id: number): void {
  const ids = [...(map.get(key) ?? []), id].sort((a, b) => a - b);
  map.set(key, ids);
}

function remove(map: Map<string, number[]>, key: string, id: number): void {
  const ids = map.get(key)?.filter((held) => held !== id) ?? [];
  if (ids.length > 0) map.set(key, ids);
  else map.delete(key);
}
