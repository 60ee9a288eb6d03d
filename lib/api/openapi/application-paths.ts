import "server-only";
import {
  Application,
  ApplicationMove,
  Applications,
  ErasedApplications,
  NewApplication,
  NewApplicationNote,
  PersonalDataRequest,
} from "@/lib/applications/application-view";
import { ApplicationListParams } from "@/lib/applications/list-params";
import { errorRefs } from "./error-responses";
import {
  BODY_ERRORS,
  COMMON_ERRORS,
  experimentalOperation,
  jsonAnswer,
  jsonBody,
  pathParameter,
  queryParameters,
  type OperationArgs,
} from "./operation-parts";

// Touch the schemas so their registrations (the `.meta({ id })` calls) are certain to have run.
void [Application, Applications, ApplicationMove, ErasedApplications, NewApplication, NewApplicationNote];
void PersonalDataRequest;

const PERSONAL =
  "The answers, notes and decline reason are personal data: they are never logged or put in events, and are erased a set time after the decision (`PETSTORE_APPLICATION_RETENTION_DAYS`, default 180).";
const applicationId = pathParameter("applicationId", "The application's id", {
  type: "integer",
  format: "int64",
  minimum: 1,
});

const operation = (...args: OperationArgs) => experimentalOperation("applications", ...args);

/** Adoption applications for staff (issue 26, docs/decisions/196); adopters apply on the site, not here. */
export function applicationPaths() {
  return {
    "/applications": {
      get: operation(
        "listApplications",
        "applications:read",
        "List adoption applications",
        `Newest first, at most \`limit\` (default 20); \`state\`, \`petId\` and \`olderThanDays\` narrow it. Follow the \`Link\` header for the next page: it keeps the filters. ${PERSONAL}`,
        {
          "200": jsonAnswer("A page of applications", "Applications", "NextPageLink"),
          ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
        },
        {
          parameters: queryParameters(ApplicationListParams),
        },
      ),
      post: operation(
        "createApplication",
        "applications:write",
        "Enter an application for an adopter",
        "For an application taken by phone or in person: the same answers as the adopters' form, without its spam checks (`source` is `staff`). The animal must be `available` (else 409 `pet_not_available`). The same e-mail's open application for the same animal is answered with a 200 and nothing is added. No `Idempotency-Key`: a remembered answer would keep a copy of the answers that erasure cannot reach.",
        {
          "201": jsonAnswer("Added; durable", "Application", "Location"),
          "200": jsonAnswer(
            "This person has an open application for this animal already: that one",
            "Application",
            "Location",
          ),
          ...errorRefs({ ...BODY_ERRORS, "409": "Conflict", "422": "UnknownPet", ...COMMON_ERRORS }),
        },
        jsonBody("NewApplication"),
      ),
    },
    "/applications/{applicationId}": {
      get: operation(
        "getApplication",
        "applications:read",
        "Get an adoption application",
        `With its answers and notes; once erased, without them and with \`erasedAt\`. ${PERSONAL}`,
        {
          "200": jsonAnswer("The application", "Application"),
          ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
        },
        { parameters: [applicationId] },
      ),
      patch: operation(
        "updateApplication",
        "applications:write",
        "Review, approve, decline or withdraw an application",
        '`{"state": "in_review"}`, `{"state": "approved"}`, `{"state": "declined", "reason": "…"}` (a reason is required) or `{"state": "withdrawn"}` (on the adopter\'s behalf). Approving places an order for the animal in the same durable step (the animal becomes `pending`; `orderId` names the order); when another adoption holds the animal already, 409 `application_conflict` and nothing changes: of two approvals for one animal at once, exactly one succeeds. Declining or withdrawing an approved application cancels its order (the animal is `available` again). Asking for the state it is in changes nothing; a move its state does not allow (a decided application) is 409 `application_conflict` with `currentStatus`.',
        {
          "200": jsonAnswer("The application as it is now", "Application"),
          ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", "409": "Conflict", ...COMMON_ERRORS }),
        },
        { parameters: [applicationId], ...jsonBody("ApplicationMove") },
      ),
    },
    "/applications/{applicationId}/notes": {
      post: operation(
        "addApplicationNote",
        "applications:write",
        "Add a note to an application",
        "The note is kept with the answers, who wrote it and when; it is erased with them (409 `application_conflict` once they are). The event records that a note was added, never the note.",
        {
          "200": jsonAnswer("The application with its notes", "Application"),
          ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", "409": "Conflict", ...COMMON_ERRORS }),
        },
        { parameters: [applicationId], ...jsonBody("NewApplicationNote") },
      ),
    },
    "/applications/personal-data/export": {
      post: operation(
        "exportPersonalData",
        "applications:erase",
        "Export one person's applications",
        "Every application whose answers gave this e-mail, newest first, with the answers and notes: what a person asking for their data is sent. The e-mail travels in the body, never in the URL.",
        {
          "200": jsonAnswer("The person's applications", "Applications"),
          ...errorRefs({ ...BODY_ERRORS, ...COMMON_ERRORS }),
        },
        jsonBody("PersonalDataRequest"),
      ),
    },
    "/applications/personal-data/erase": {
      post: operation(
        "erasePersonalData",
        "applications:erase",
        "Erase one person's personal data",
        "Removes the answers, notes and decline reason of every application whose answers gave this e-mail; the applications stay, with their states, times and `erasedAt`, and `application.erased` is recorded for each. Asking again erases nothing more (`erased: 0`). The e-mail travels in the body, never in the URL.",
        {
          "200": jsonAnswer("How many applications were erased", "ErasedApplications"),
          ...errorRefs({ ...BODY_ERRORS, ...COMMON_ERRORS }),
        },
        jsonBody("PersonalDataRequest"),
      ),
    },
  };
}
