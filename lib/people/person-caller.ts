import "server-only";
import type { Caller } from "@/lib/keys/caller";
import { nowMs } from "@/lib/clock";
import { config } from "@/lib/config";
import { thenMaybe, type MaybePromise } from "@/lib/maybe-promise";
import { getAccountStore, getSigningKey, sessionLifetimes } from "./accounts";
import { sessionIdOf } from "./bearer-token";
import type { PersonRecord, SessionRecord } from "./person";
import { scopesOf } from "./roles";
import { dueForTouch, isLive } from "./session-rules";

// Sessions whose last use is being written: one write at a time each.
const touching = new Set<string>();

/**
 * The caller a console bearer (`pst_…`) stands for: its session's person, with their role's
 * scopes, while the session is live; undefined otherwise (forged, signed out, expired, the
 * person deactivated). Read on every console request, so it answers without a promise
 * while the store's copies are fresh; a use moves the session's idle expiry forward.
 */
export function personCallerOf(token: string): MaybePromise<Caller | undefined> {
  return thenMaybe(getSigningKey(), (key) => {
    const sessionId = sessionIdOf(token, key);
    if (!sessionId) return undefined;
    return thenMaybe(getAccountStore(), (store) =>
      thenMaybe(store.getSession(sessionId), (session) => {
        if (!session) return undefined;
        return thenMaybe(store.getPerson(session.personId), (person) => {
          const now = nowMs();
          if (!isLive(session, person, now, sessionLifetimes())) return undefined;
          if (dueForTouch(session, now) && !touching.has(session.id)) {
            touching.add(session.id);
            store
              .touchSession(session.id, new Date(now).toISOString())
              .catch(() => undefined) // a missed touch only shortens the idle expiry
              .finally(() => touching.delete(session.id));
          }
          return callerFor(person!, session);
        });
      }),
    );
  });
}

export function callerFor(person: PersonRecord, session: SessionRecord): Caller {
  return {
    keyId: person.id,
    name: person.name,
    scopes: scopesOf(person.role, config),
    personId: person.id,
    sessionId: session.id,
    role: person.role,
  };
}
