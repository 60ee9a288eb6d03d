import { apiErrorFrom } from "./read-api-error";

/*
 * The console's calls to /auth (lib/people/auth-api.ts): sign-in and sessions for people.
 * Same-origin fetches, so the browser sends the HttpOnly session cookie and an Origin the
 * server checks; no zod here, so the sign-in screen stays small.
 */

/** What a sign-in (or a come-back) answers: who, and the bearer the console calls /v1 with. */
export interface SignedIn {
  signedIn: true;
  person: { id: string; name: string; email: string; role: string };
  scopes: string[];
  bearer: string;
  session: { id: string; endsAt: string };
}

export interface OwnSession {
  id: string;
  method: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  endsAt?: string;
  endedAt?: string;
  current: boolean;
}

/** One same-origin call to /auth; a failed answer throws its ApiError. */
export async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`/auth${path}`, {
    method,
    cache: "no-store",
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw apiErrorFrom(response.status, json, response.headers);
  return json;
}

export const signInWithPassword = (email: string, password: string) =>
  call("POST", "/sign-in", { email, password }) as Promise<SignedIn>;

/** The cookie's session, if this browser has one: a new tab or a reload signs in without a password. */
export async function resumeSession(): Promise<SignedIn | undefined> {
  const answer = (await call("POST", "/session")) as SignedIn | { signedIn: false };
  return answer.signedIn ? answer : undefined;
}

export const signOutSession = () => call("POST", "/sign-out");
export const listOwnSessions = () => call("GET", "/sessions") as Promise<OwnSession[]>;
export const endOwnSession = (id: string) => call("DELETE", `/sessions/${encodeURIComponent(id)}`);
export const signOutEverywhere = () => call("DELETE", "/sessions");
export const changeOwnPassword = (currentPassword: string, newPassword: string) =>
  call("POST", "/password", { currentPassword, newPassword });
export const acceptInvitation = (token: string, password: string) =>
  call("POST", "/invitation", { token, password }) as Promise<SignedIn>;
export const setUpFirstAdmin = (token: string, name: string, email: string, password: string) =>
  call("POST", "/setup", { token, name, email, password }) as Promise<SignedIn>;

/** Whether a welcome link still works (docs/decisions/218): asked before its form is shown. */
export const checkLink = async (kind: "invitation" | "setup", token: string) =>
  ((await call("POST", "/link-check", { kind, token })) as { usable: boolean }).usable;
/** True while no account exists: the sign-in screen then points to the set-up link. */
export const isSetupNeeded = async () => ((await call("GET", "/setup")) as { needed: boolean }).needed;

/** True for a bearer the console got from a person's session rather than a pasted key. */
export function isPersonBearer(bearer: string): boolean {
  return bearer.startsWith("pst_");
}
