import "server-only";
import * as z from "zod";
import { apiRoute, jsonResponse } from "@/lib/api/api-route";
import { ApiError } from "@/lib/api/api-error";
import { parseBody } from "@/lib/api/parse-body";
import { config } from "@/lib/config";
import { nowMs } from "@/lib/clock";
import { getAccountStore, getSigningKey, sessionLifetimes } from "./accounts";
import { acceptInvitation, changeOwnPassword, NewPassword, NewPerson, setUpFirstAdmin } from "./people";
import { personOf, type PersonRecord, type SessionRecord } from "./person";
import { scopesOf } from "./roles";
import { clearedSessionCookie, sessionCookie } from "./session-cookie";
import { linkUsable, setupNeeded } from "./link-status";
import { endsAt } from "./session-rules";
import { bearerOf, signedInSession, type OpenedSession } from "./sessions";
import { signInWithPassword } from "./sign-in";
import { refuseCrossOrigin } from "./site-origin";
import { trustedDeviceCookie } from "./trusted-device";

/*
 * The staff console's sign-in, outside /v1 (which stays bearer-only): cookie sessions for
 * people (docs/decisions/189). Every request that changes something with the cookie, or sets
 * it, must come from this site's own pages (refuseCrossOrigin); answers are JSON Error
 * bodies like /v1's and never cached.
 */

const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The sign-in's fields, as JSON here and as a form post on the sign-in page (./form-sign-in-api.ts). */
export const SignInBody = z.strictObject({ email: z.string().max(254), password: z.string().max(1024) });
const InvitationBody = z.strictObject({ token: z.string().max(256), password: NewPassword });
const SetupBody = NewPerson.omit({ role: true }).extend({ token: z.string().max(256), password: NewPassword });
const LinkBody = z.strictObject({ kind: z.enum(["invitation", "setup"]), token: z.string().max(256) });
const PasswordBody = z.strictObject({ currentPassword: z.string().max(1024), newPassword: NewPassword });

/** What the console learns on signing in or coming back: who, what they may do, and the bearer for /v1. */
async function signedInAnswer(person: PersonRecord, session: SessionRecord, cookies: string[] = []): Promise<Response> {
  const body = {
    signedIn: true,
    person: personOf(person),
    scopes: scopesOf(person.role, config),
    bearer: await bearerOf(session),
    session: { id: session.id, endsAt: endsAt(session, sessionLifetimes()) },
  };
  const response = jsonResponse(body, 200, NO_STORE);
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
}

/**
 * A sign-in's answer (any method): the session's cookie, the device cookie that makes this
 * browser known to the account's sign-in limits (./trusted-device.ts), and what
 * signedInAnswer says.
 */
export async function openedAnswer(request: Request, opened: OpenedSession): Promise<Response> {
  return signedInAnswer(opened.person, opened.session, await signInCookies(opened));
}

/** The cookies every sign-in sets: the session's, and the device cookie the sign-in limits know. */
export async function signInCookies(opened: OpenedSession): Promise<string[]> {
  return [
    sessionCookie(opened.token, opened.session.expiresAt),
    trustedDeviceCookie(opened.person.email, await getSigningKey()),
  ];
}

/** The signed-in person of a cookie request, or a 401; a write from another site is a 403 first. */
export async function requireSession(request: Request) {
  // Reads need no Origin (a browser sends none on same-origin GETs, and another site cannot read the answer).
  if (request.method !== "GET") refuseCrossOrigin(request);
  const signedIn = await signedInSession(request);
  if (!signedIn) throw new ApiError(401, "unauthorized", "You are not signed in, or your session has ended.");
  return signedIn;
}

/** POST /auth/sign-in: e-mail and password; sets the session cookie. */
export const signIn = apiRoute({ auth: "public" }, async (request) => {
  refuseCrossOrigin(request);
  const { email, password } = await parseBody(request, SignInBody, "sign-in");
  return openedAnswer(request, await signInWithPassword(email, password, request));
});

/**
 * POST /auth/session: the signed-in person and a bearer for /v1 (a new tab, a reload), or
 * `{"signedIn": false}`: a console asks on every load, and no session is no error.
 */
export const currentSession = apiRoute({ auth: "public" }, async (request) => {
  refuseCrossOrigin(request);
  const signedIn = await signedInSession(request);
  if (!signedIn) return jsonResponse({ signedIn: false }, 200, NO_STORE);
  return signedInAnswer(signedIn.person, signedIn.session);
});

/** POST /auth/sign-out: ends this browser's session. */
export const signOut = apiRoute({ auth: "public" }, async (request) => {
  refuseCrossOrigin(request);
  const signedIn = await signedInSession(request);
  if (signedIn) {
    const store = await getAccountStore();
    await store.endSessions({ personId: signedIn.person.id, id: signedIn.session.id }, new Date(nowMs()).toISOString());
  }
  return new Response(null, { status: 204, headers: { ...NO_STORE, "Set-Cookie": clearedSessionCookie() } });
});

/** GET /auth/sessions: the person's own sessions, newest first, this one marked. */
export const listOwnSessions = apiRoute({ auth: "public" }, async (request) => {
  const { person, session: current } = await requireSession(request);
  const store = await getAccountStore();
  const lifetimes = sessionLifetimes();
  const sessions = (await store.listSessions(person.id)).map((session) => ({
    id: session.id,
    method: session.method,
    userAgent: session.userAgent,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    ...(session.endedAt ? { endedAt: session.endedAt } : { endsAt: endsAt(session, lifetimes) }),
    current: session.id === current.id,
  }));
  return jsonResponse(sessions, 200, NO_STORE);
});

/** DELETE /auth/sessions: signs the person out everywhere, this browser included. */
export const signOutEverywhere = apiRoute({ auth: "public" }, async (request) => {
  const { person } = await requireSession(request);
  const store = await getAccountStore();
  await store.endSessions({ personId: person.id }, new Date(nowMs()).toISOString());
  return new Response(null, { status: 204, headers: { ...NO_STORE, "Set-Cookie": clearedSessionCookie() } });
});

/** DELETE /auth/sessions/{id}: ends one of the person's other sessions. */
export const endOwnSession = apiRoute<{ params: Promise<{ sessionId: string }> }>(
  { auth: "public" },
  async (request, context) => {
    const { person } = await requireSession(request);
    const { sessionId } = await context.params;
    const store = await getAccountStore();
    const ended = await store.endSessions({ personId: person.id, id: sessionId }, new Date(nowMs()).toISOString());
    if (ended.length === 0) throw new ApiError(404, "not_found", "You have no open session with this id.");
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);

/** POST /auth/invitation: sets the invited person's password and signs them in. */
export const acceptInvitationRoute = apiRoute({ auth: "public" }, async (request) => {
  refuseCrossOrigin(request);
  const { token, password } = await parseBody(request, InvitationBody, "invitation");
  return openedAnswer(request, await acceptInvitation(token, password, request));
});

/** POST /auth/setup: the first admin, through the set-up link the server printed. */
export const setUp = apiRoute({ auth: "public" }, async (request) => {
  refuseCrossOrigin(request);
  const { token, ...input } = await parseBody(request, SetupBody, "set-up");
  return openedAnswer(request, await setUpFirstAdmin(token, { ...input, role: "admin" }, request));
});

/**
 * POST /auth/link-check: whether an invitation or set-up link still works, so the welcome
 * page says "used or expired" before anyone types a password. The token travels in the body,
 * never in a URL a log could keep.
 */
export const checkLink = apiRoute({ auth: "public" }, async (request) => {
  refuseCrossOrigin(request);
  const { kind, token } = await parseBody(request, LinkBody, "link check");
  return jsonResponse({ usable: await linkUsable(kind, token) }, 200, NO_STORE);
});

/** GET /auth/setup: `{"needed": true}` while no account exists, so the sign-in screen can say where the set-up link is. */
export const setupState = apiRoute({ auth: "public" }, async () =>
  jsonResponse({ needed: await setupNeeded() }, 200, NO_STORE),
);

/**
 * POST /auth/password: the signed-in person changes their password; their other sessions
 * end, this one stays.
 */
export const changePassword = apiRoute({ auth: "public" }, async (request) => {
  const { person, session } = await requireSession(request);
  const { currentPassword, newPassword } = await parseBody(request, PasswordBody, "password change");
  await changeOwnPassword(person, session, currentPassword, newPassword, request);
  return new Response(null, { status: 204, headers: NO_STORE });
});
