import "server-only";
import { PersonWithInvitation } from "@/lib/people/invitation-link";
import { NewPerson, PersonPatch } from "@/lib/people/people";
import { Person } from "@/lib/people/person";
import { errorRefs } from "./error-responses";
import { headerRefs } from "./response-headers";
import { RATE_LIMIT_HEADERS } from "./shared-parts";

// Touch the schemas so their registrations (the `.meta({ id })` calls) are certain to have run.
void [NewPerson, Person, PersonPatch, PersonWithInvitation];

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const jsonList = (ref: string) => ({
  "application/json": { schema: { type: "array", items: { $ref: `#/components/schemas/${ref}` } } },
});
const ok = (description: string, content: Record<string, unknown>, ...extra: "Location"[]) => ({
  description,
  headers: headerRefs(...extra, "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
  content,
});
const common = {
  "401": "Unauthorized",
  "403": "Forbidden",
  "429": "TooManyRequests",
  "500": "InternalError",
  "503": "StoreUnavailable",
} as const;
const writeErrors = { "400": "BadRequest", "413": "PayloadTooLarge", "415": "UnsupportedMediaType" } as const;
const EXPERIMENTAL =
  "Experimental: may change or go away in any release, announced in the README's changelog only (see the versioning policy).";
const LINK =
  "The answer's `invitationUrl` (on this site's `/staff/welcome`, the token in its fragment so no server log sees it) is shown this once: send it to the person yourself. It works once, for 7 days, and only while the person is active.";
const personId = {
  name: "personId",
  in: "path",
  required: true,
  description: "The person's id",
  schema: { type: "string" },
};

function operation(
  operationId: string,
  scopeName: "people:read" | "people:write",
  summary: string,
  description: string,
  responses: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return {
    operationId,
    security: [{ bearerAuth: [scopeName] }],
    tags: ["people"],
    "x-stability": "experimental",
    summary,
    description: `${description} ${EXPERIMENTAL}`,
    ...extra,
    responses,
  };
}

const patchBody = { schema: { $ref: "#/components/schemas/PersonPatch" } };

/** Staff accounts (issue 25); signing in is /auth's, outside /v1 (docs/decisions/189). */
export function peoplePaths() {
  return {
    "/people": {
      get: operation(
        "listPeople",
        "people:read",
        "List staff accounts",
        "Everyone, active or not, oldest first; no paging (a shelter has a handful). Never a password or an invitation token.",
        { "200": ok("Every person", jsonList("Person")), ...errorRefs({ "400": "BadRequest", ...common }) },
      ),
      post: operation(
        "createPerson",
        "people:write",
        "Add a staff account",
        `The person has no password until they follow their invitation link and choose one. ${LINK}`,
        {
          "201": ok("Added; durable", json("PersonWithInvitation"), "Location"),
          ...errorRefs({ ...writeErrors, "409": "Conflict", ...common }),
        },
        { requestBody: { required: true, content: json("NewPerson") } },
      ),
    },
    "/people/{personId}": {
      get: operation(
        "getPerson",
        "people:read",
        "Get a staff account",
        "Active or not.",
        { "200": ok("The person", json("Person")), ...errorRefs({ "404": "NotFound", ...common }) },
        { parameters: [personId] },
      ),
      patch: operation(
        "updatePerson",
        "people:write",
        "Change a staff account",
        "A JSON Merge Patch (RFC 7396; `application/json` is accepted too) of `email`, `name`, `role` and `active`. A role takes effect on the person's next request. Deactivating ends the person's sessions in the same step: their next request is refused. 409 `email_taken` when another account has the e-mail; 409 `last_admin` when the change would leave no active admin.",
        {
          "200": ok("The person as they are now", json("Person")),
          ...errorRefs({ ...writeErrors, "404": "NotFound", "409": "Conflict", ...common }),
        },
        {
          parameters: [personId],
          requestBody: {
            required: true,
            content: { "application/merge-patch+json": patchBody, "application/json": patchBody },
          },
        },
      ),
    },
    "/people/{personId}/invitation": {
      post: operation(
        "invitePerson",
        "people:write",
        "Make a new invitation link",
        `For a person who lost theirs, or forgot their password (their password keeps working until they choose a new one). Any earlier link stops working. ${LINK}`,
        {
          "200": ok("The person and their new link", json("PersonWithInvitation")),
          ...errorRefs({ "404": "NotFound", ...common }),
        },
        { parameters: [personId] },
      ),
    },
  };
}
