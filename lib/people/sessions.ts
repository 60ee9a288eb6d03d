import "server-only";
import { nowMs } from "@/lib/clock";
import { getAccountStore, getSigningKey, sessionLifetimes } from "./accounts";
import { bearerFor } from "./bearer-token";
import type { PersonRecord, SessionRecord, SignInMethod } from "./person";
import { signedIn } from "./people-events";
import { hashToken, newSessionId, newToken } from "./secrets";
import { sessionTokenOf } from "./session-cookie";
import { dueForTouch, isLive, userAgentOf } from "./session-rules";

/** A person signed in: their session and the secret of its cookie (never stored, shown once). */
export interface OpenedSession {
  person: PersonRecord;
  session: SessionRecord;
  token: string;
}

/** Opens a session for a person who has just proved who they are, with its `session.signed_in` event. */
export async function openSession(
  person: PersonRecord,
  method: SignInMethod,
  request: Request,
): Promise<OpenedSession> {
  const store = await getAccountStore();
  const token = newToken();
  const now = new Date(nowMs());
  const session: SessionRecord = {
    id: newSessionId(),
    personId: person.id,
    tokenHash: hashToken(token),
    method,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + sessionLifetimes().maxMs).toISOString(),
    userAgent: userAgentOf(request),
  };
  await store.addSession(session, [signedIn(session)]);
  return { person, session, token };
}

/** The live session the request's cookie names, and its person; undefined when there is none. */
export async function signedInSession(
  request: Request,
): Promise<{ person: PersonRecord; session: SessionRecord } | undefined> {
  const token = sessionTokenOf(request);
  if (!token) return undefined;
  const store = await getAccountStore();
  const session = await store.findSessionByTokenHash(hashToken(token));
  if (!session) return undefined;
  const person = await store.getPerson(session.personId);
  const now = nowMs();
  if (!person || !isLive(session, person, now, sessionLifetimes())) return undefined;
  if (dueForTouch(session, now)) {
    const lastSeenAt = new Date(now).toISOString();
    await store.touchSession(session.id, lastSeenAt);
    return { person, session: { ...session, lastSeenAt } };
  }
  return { person, session };
}

/** The console's bearer for /v1 while this session lasts (./bearer-token.ts). */
export async function bearerOf(session: SessionRecord): Promise<string> {
  return bearerFor(session.id, await getSigningKey());
}
