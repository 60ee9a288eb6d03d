import "./zod-without-eval";
import * as z from "zod";
import { PersonWithInvitation } from "@/lib/people/invitation-link";
import { Person } from "@/lib/people/person";
import type { Role } from "@/lib/people/roles";
import { callV1 } from "./call-v1";

/*
 * The console's calls to /v1/people. Plain fetch, like the webhooks': the operations are
 * experimental. Answers are checked against the same zod schemas the server answers from.
 */

const People = z.array(Person);

/** What an admin may change of a person (the server's PersonPatch, before its normalising). */
export type PersonChange = { role?: Role; active?: boolean; name?: string; email?: string };

const call = async (apiKey: string, method: string, path: string, body?: unknown) =>
  (await callV1(apiKey, method, `/v1/people${path}`, body)).json;

export async function listPeopleWithKey(apiKey: string) {
  return People.parse(await call(apiKey, "GET", ""));
}

export async function addPersonWithKey(apiKey: string, person: { name: string; email: string; role: Role }) {
  return PersonWithInvitation.parse(await call(apiKey, "POST", "", person));
}

export async function changePersonWithKey(apiKey: string, id: string, change: PersonChange) {
  return Person.parse(await call(apiKey, "PATCH", `/${encodeURIComponent(id)}`, change));
}

/** A new invitation link (a password reset): the person's earlier link stops working. */
export async function reinvitePersonWithKey(apiKey: string, id: string) {
  return PersonWithInvitation.parse(await call(apiKey, "POST", `/${encodeURIComponent(id)}/invitation`));
}
