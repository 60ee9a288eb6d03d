import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";
import { api, type ApiOptions, type ApiResponse } from "./api";

/*
 * Staff accounts for API tests: added with the suite's all-scopes key, signed in through
 * their invitation link as a person would. The suites' servers hash at a cheap test cost
 * (tests/support/test-password-cost.ts, docs/decisions/236), so a sign-in costs no more than
 * any other request.
 */

export type Role = "admin" | "staff" | "volunteer";

export interface AddedPerson {
  id: string;
  email: string;
  name: string;
  role: Role;
  invitationUrl: string;
}

export interface SignedInPerson extends AddedPerson {
  password: string;
  /** The console's bearer for /v1 (`pst_…`). */
  bearer: string;
  /** The session cookie as a Cookie header value (`name=token`). */
  cookie: string;
}

export const PASSWORD = "correct horse battery staple";

/** A fresh e-mail per call: failed sign-ins are limited per account, and e-mails are unique. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.org`;
}

/** The token in an invitation link's fragment. */
export function tokenOf(invitationUrl: string): string {
  const token = /#invitation=([\w-]+)$/.exec(invitationUrl)?.[1];
  expect(token, invitationUrl).toBeDefined();
  return token!;
}

/** Adds a person with the suite's key (POST /v1/people). */
export async function addPerson(role: Role, label: string = role): Promise<AddedPerson> {
  const email = uniqueEmail(label);
  const name = `Test ${label} ${email.slice(-20, -12)}`;
  const created = await api("/v1/people", { json: { email, name, role } });
  expect(created.status, created.text).toBe(201);
  return created.json as AddedPerson;
}

/**
 * A cookie /auth request as the console's own page sends it: the session cookie if any, and
 * an `Origin` equal to the site (the suite's server, named by the Host the client sends).
 */
export function authRequest(
  path: string,
  options: { json?: unknown; cookie?: string; origin?: string; method?: string } = {},
): Promise<ApiResponse> {
  const headers: NonNullable<ApiOptions["headers"]> = { origin: options.origin ?? inject("baseUrl") };
  if (options.cookie) headers.cookie = options.cookie;
  return api(path, { method: options.method ?? "POST", key: null, json: options.json, headers });
}

/** The `name=token` pair of a response's session cookie. */
export function sessionCookieOf(response: ApiResponse): string {
  const setCookie = [response.headers["set-cookie"] ?? []].flat().join("\n");
  const pair = /(?:^|\n)((?:__Host-)?petstore_session=[^;]+)/.exec(setCookie)?.[1];
  expect(pair, `no session cookie in ${setCookie}`).toBeDefined();
  return pair!;
}

/** Follows an invitation link as its person would: chooses a password and is signed in. */
export async function acceptInvitation(person: AddedPerson, password = PASSWORD): Promise<SignedInPerson> {
  const accepted = await authRequest("/auth/invitation", { json: { token: tokenOf(person.invitationUrl), password } });
  expect(accepted.status, accepted.text).toBe(200);
  return { ...person, password, bearer: accepted.json.bearer as string, cookie: sessionCookieOf(accepted) };
}

/** A person of `role`, added with the suite's key and signed in through their invitation. */
export async function signedInPerson(role: Role, label: string = role): Promise<SignedInPerson> {
  return acceptInvitation(await addPerson(role, label));
}
