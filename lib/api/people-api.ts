import "server-only";
import * as z from "zod";
import { invitationUrl, PersonWithInvitation } from "@/lib/people/invitation-link";
import { addPerson, changePerson, findPerson, listPeople, NewPerson, PersonPatch, reinvite } from "@/lib/people/people";
import { Person, personOf, type PersonRecord } from "@/lib/people/person";
import { siteOrigin } from "@/lib/origin/site-origin";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { ApiError } from "./api-error";
import { parseBody } from "./parse-body";
import { parseSearchParams } from "./parse-search-params";
import { errorRefs } from "./openapi/error-responses";
import { BODY_ERRORS, COMMON_ERRORS, jsonAnswer, jsonBody, jsonOf, pathParameter } from "./openapi/operation-parts";

const jsonList = (ref: string) => ({
  "application/json": { schema: { type: "array", items: { $ref: `#/components/schemas/${ref}` } } },
});
const LINK =
  "The answer's `invitationUrl` (on this site's `/staff/welcome`, the token in its fragment so no server log sees it) is shown this once: send it to the person yourself. It works once, for 7 days, and only while the person is active.";
const ROLE_RULE =
  "The caller must hold every scope of the role given and, for a change or a new link, of the person's current role (403 `insufficient_scope` naming what it lacks): `people:write` is no way to more power.";
const personId = pathParameter("personId", "The person's id");
const patchBody = { schema: PersonPatch };

/*
 * Staff accounts over /v1 (issue 25): thin doors onto lib/people/people.ts, which holds the
 * rules (a unique e-mail, never no active admin, deactivation ending sessions, a caller
 * giving or touching only roles it holds every scope of). Events name
 * the calling key or person (apiRoute's actor), never an e-mail or a name. No paging and no
 * Idempotency-Key: docs/decisions/190.
 */

export const PEOPLE_PATH = "/v1/people";

const NoQuery = z.strictObject({});
/** A JSON Merge Patch (RFC 7396), or plain JSON, as updatePet takes. */
const PATCH_MEDIA_TYPES = ["application/merge-patch+json", "application/json"] as const;

function found<Value>(value: Value | undefined): Value {
  if (value === undefined)
    throw new ApiError(404, "not_found", "No person has this id; list them with GET /v1/people.");
  return value;
}

/** The person and their link, on the site's public origin (never the request's Host: docs/decisions/201). */
function withInvitation(person: PersonRecord, token: string): PersonWithInvitation {
  return { ...personOf(person), invitationUrl: invitationUrl(siteOrigin().origin, token) };
}

/** listPeople: GET /v1/people — everyone, oldest first (no paging: a shelter has a handful). */
export const listPeopleRoute = defineOperation(
  {
    operationId: "listPeople",
    method: "GET",
    path: "/people",
    scope: "people:read",
    stability: "experimental",
    summary: "List staff accounts",
    document: {
      tag: "people",
      description:
        "Everyone, active or not, oldest first; no paging (a shelter has a handful). Never a password or an invitation token.",
      responses: {
        "200": jsonAnswer("Every person", jsonList("Person")),
        ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
      },
    },
  },
  async (request) => {
    parseSearchParams(request.url, NoQuery);
    return jsonResponse((await listPeople()).map(personOf));
  },
);

/** createPerson: POST /v1/people — 201 with the person's invitation link, shown this once. */
export const createPersonRoute = defineOperation(
  {
    operationId: "createPerson",
    method: "POST",
    path: "/people",
    scope: "people:write",
    stability: "experimental",
    summary: "Add a staff account",
    document: {
      tag: "people",
      description: `The person has no password until they follow their invitation link and choose one. ${ROLE_RULE} ${LINK}`,
      ...jsonBody(NewPerson),
      responses: {
        "201": jsonAnswer("Added; durable", jsonOf(PersonWithInvitation), "Location"),
        ...errorRefs({ ...BODY_ERRORS, "409": "Conflict", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, _context, caller) => {
    const input = await parseBody(request, NewPerson, "person");
    const { person, invitationToken } = await addPerson(input, caller!.scopes);
    return jsonResponse(withInvitation(person, invitationToken), 201, {
      Location: `${PEOPLE_PATH}/${person.id}`,
    });
  },
);

/** getPerson: GET /v1/people/{personId}. */
export const getPersonRoute = defineOperation(
  {
    operationId: "getPerson",
    method: "GET",
    path: "/people/{personId}",
    scope: "people:read",
    stability: "experimental",
    summary: "Get a staff account",
    document: {
      tag: "people",
      description: "Active or not.",
      parameters: [personId],
      responses: {
        "200": jsonAnswer("The person", jsonOf(Person)),
        ...errorRefs({ "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (_request, context) => jsonResponse(personOf(found(await findPerson((await context.params).personId)))),
);

/** updatePerson: PATCH /v1/people/{personId} — e-mail, name, role or active. */
export const updatePersonRoute = defineOperation(
  {
    operationId: "updatePerson",
    method: "PATCH",
    path: "/people/{personId}",
    scope: "people:write",
    stability: "experimental",
    summary: "Change a staff account",
    document: {
      tag: "people",
      description:
        "A JSON Merge Patch (RFC 7396; `application/json` is accepted too) of `email`, `name`, `role` and `active`. A role takes effect on the person's next request. Deactivating ends the person's sessions in the same step: their next request is refused. Deactivating or demoting a person revokes the API keys they issued with scopes they no longer hold. 409 `email_taken` when another account has the e-mail; 409 `last_admin` when the change would leave no active admin (decided with the change: of two at once, one gets it). " +
        ROLE_RULE,
      ...{
        parameters: [personId],
        requestBody: {
          required: true,
          content: { "application/merge-patch+json": patchBody, "application/json": patchBody },
        },
      },
      responses: {
        "200": jsonAnswer("The person as they are now", jsonOf(Person)),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", "409": "Conflict", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context, caller) => {
    const { personId } = await context.params;
    const patch = await parseBody(request, PersonPatch, "person change", PATCH_MEDIA_TYPES);
    return jsonResponse(personOf(found(await changePerson(personId, patch, caller!.scopes))));
  },
);

/** invitePerson: POST /v1/people/{personId}/invitation — a new link (a password reset); the old one stops working. */
export const invitePersonRoute = defineOperation(
  {
    operationId: "invitePerson",
    method: "POST",
    path: "/people/{personId}/invitation",
    scope: "people:write",
    stability: "experimental",
    summary: "Make a new invitation link",
    document: {
      tag: "people",
      description: `For a person who lost theirs, or forgot their password (their password keeps working until they choose a new one). Any earlier link stops working. ${ROLE_RULE} ${LINK}`,
      parameters: [personId],
      responses: {
        "200": jsonAnswer("The person and their new link", jsonOf(PersonWithInvitation)),
        ...errorRefs({ "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (_request, context, caller) => {
    const { person, invitationToken } = found(await reinvite((await context.params).personId, caller!.scopes));
    return jsonResponse(withInvitation(person, invitationToken));
  },
);
