import "server-only";
import { PersonWithInvitation } from "@/lib/people/invitation-link";
import { NewPerson, PersonPatch } from "@/lib/people/people";
import { Person } from "@/lib/people/person";
import { errorRefs } from "./error-responses";
import {
  BODY_ERRORS,
  COMMON_ERRORS,
  experimentalOperation,
  jsonAnswer,
  jsonBody,
  jsonOf,
  pathParameter,
  type OperationArgs,
} from "./operation-parts";

// Touch the schemas so their registrations (the `.meta({ id })` calls) are certain to have run.
void [NewPerson, Person, PersonPatch, PersonWithInvitation];

const jsonList = (ref: string) => ({
  "application/json": { schema: { type: "array", items: { $ref: `#/components/schemas/${ref}` } } },
});
const LINK =
  "The answer's `invitationUrl` (on this site's `/staff/welcome`, the token in its fragment so no server log sees it) is shown this once: send it to the person yourself. It works once, for 7 days, and only while the person is active.";
const ROLE_RULE =
  "The caller must hold every scope of the role given and, for a change or a new link, of the person's current role (403 `insufficient_scope` naming what it lacks): `people:write` is no way to more power.";
const personId = pathParameter("personId", "The person's id");
const operation = (...args: OperationArgs) => experimentalOperation("people", ...args);

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
        {
          "200": jsonAnswer("Every person", jsonList("Person")),
          ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
        },
      ),
      post: operation(
        "createPerson",
        "people:write",
        "Add a staff account",
        `The person has no password until they follow their invitation link and choose one. ${ROLE_RULE} ${LINK}`,
        {
          "201": jsonAnswer("Added; durable", jsonOf("PersonWithInvitation"), "Location"),
          ...errorRefs({ ...BODY_ERRORS, "409": "Conflict", ...COMMON_ERRORS }),
        },
        jsonBody("NewPerson"),
      ),
    },
    "/people/{personId}": {
      get: operation(
        "getPerson",
        "people:read",
        "Get a staff account",
        "Active or not.",
        { "200": jsonAnswer("The person", jsonOf("Person")), ...errorRefs({ "404": "NotFound", ...COMMON_ERRORS }) },
        { parameters: [personId] },
      ),
      patch: operation(
        "updatePerson",
        "people:write",
        "Change a staff account",
        "A JSON Merge Patch (RFC 7396; `application/json` is accepted too) of `email`, `name`, `role` and `active`. A role takes effect on the person's next request. Deactivating ends the person's sessions in the same step: their next request is refused. Deactivating or demoting a person revokes the API keys they issued with scopes they no longer hold. 409 `email_taken` when another account has the e-mail; 409 `last_admin` when the change would leave no active admin (decided with the change: of two at once, one gets it). " +
          ROLE_RULE,
        {
          "200": jsonAnswer("The person as they are now", jsonOf("Person")),
          ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", "409": "Conflict", ...COMMON_ERRORS }),
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
        `For a person who lost theirs, or forgot their password (their password keeps working until they choose a new one). Any earlier link stops working. ${ROLE_RULE} ${LINK}`,
        {
          "200": jsonAnswer("The person and their new link", jsonOf("PersonWithInvitation")),
          ...errorRefs({ "404": "NotFound", ...COMMON_ERRORS }),
        },
        { parameters: [personId] },
      ),
    },
  };
}
