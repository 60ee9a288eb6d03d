import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { globalSlot } from "@/lib/ops/global-slot";
import type { EventActor } from "./event-types";

/*
 * Who is making the change a store write records, without widening every store method:
 * apiRoute runs each authenticated handler inside `actingAs(...)`, the keys command sets the
 * operator, and the store adapters read `currentActor()` when they take a write (before any
 * batching, so each write keeps its own caller). One storage per process: Next bundles this
 * module more than once (docs/decisions/005).
 */
const storage = globalSlot("eventActor", () => new AsyncLocalStorage<EventActor>());

const SYSTEM: EventActor = Object.freeze({ type: "system" });

export function actingAs<Result>(actor: EventActor, work: () => Result): Result {
  return storage.run(actor, work);
}

/** The actor of the write under way; `system` outside any request. */
export function currentActor(): EventActor {
  return storage.getStore() ?? SYSTEM;
}

/** An API key as an actor: its public id only, never the key. */
export function keyActor(keyId: string): EventActor {
  return { type: "api_key", id: keyId };
}

/** A person signed in to the console, by their account's public id (never their e-mail). */
export function personActor(personId: string): EventActor {
  return { type: "person", id: personId };
}
