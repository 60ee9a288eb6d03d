import type { AnyPart, Op } from "@/lib/store/file/engine/part";
import type { FileEngine } from "@/lib/store/file/engine/file-engine";
import type { DatabasePools } from "@/lib/store/postgres/pools";
import type { ResourceDeclaration } from "./define-resource";

/*
 * What a resource keeps on the engines (docs/decisions/305): its file parts, what they write
 * once at open, and how its store opens on each engine, declared in its folder
 * (`<name>-resource-storage.ts`) and listed once in ./declared-resource-storage.ts. The file
 * engine's parts (lib/composition/file-parts.ts) and the stores (lib/composition/index.ts
 * getResourceStore) follow. It sits in the engines' band: the domain declaration cannot hold
 * it (the browser reads that one), and the HTTP layer's list is out of the stores' reach.
 */

/**
 * A write the store makes once open, before it serves: a part's upgrade of what older data
 * lacks, written durably once. While `due`, its op is written again (docs/decisions/254).
 */
export interface FileOpenStep {
  op: Op;
  due(states: FileEngine["states"]): boolean;
}

/** Another resource's store, opened on the same engine (the statistics read the medical record's mapping). */
export type OpenStore = <Other>(storage: ResourceStorage<Other>) => Promise<Other>;

/** How a resource's store opens, on the engine the pets are on: one lock, one journal or transaction. */
export interface StoreOpeners<Store> {
  /** On the file engine, over its parts. The adapter is imported inside (`await import`), so PostgreSQL never loads it. */
  onFile(engine: FileEngine, open: OpenStore): Promise<Store>;
  /** On PostgreSQL, borrowing the process's pools (docs/decisions/242); its adapter imported inside too. */
  onPostgres(pools: DatabasePools, open: OpenStore): Promise<Store>;
}

export interface ResourceStorage<Store = unknown> {
  readonly resource: ResourceDeclaration;
  /** Its parts of the file engine, after the parts listed before it (the snapshot's order). */
  readonly fileParts: readonly AnyPart[];
  readonly fileOpenSteps: readonly FileOpenStep[];
  readonly store: StoreOpeners<Store>;
}

export function defineResourceStorage<Store>(
  resource: ResourceDeclaration,
  storage: { fileParts?: readonly AnyPart[]; fileOpenSteps?: readonly FileOpenStep[]; store: StoreOpeners<Store> },
): ResourceStorage<Store> {
  const { fileParts = [], fileOpenSteps = [], store } = storage;
  return Object.freeze({ resource, fileParts, fileOpenSteps, store });
}
