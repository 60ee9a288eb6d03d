import "server-only";
import { nowMs } from "@/lib/clock";
import {
  addApplicationNote,
  erasePersonalDataOf,
  exportPersonalData,
  getApplication,
  listApplications,
  moveApplication,
  submitApplication,
} from "@/lib/applications/applications";
import {
  Application,
  ApplicationMove,
  applicationOf,
  NewApplication,
  NewApplicationNote,
  PersonalDataRequest,
  Applications,
  ErasedApplications,
} from "@/lib/applications/application-view";
import { applicantMailStates } from "@/lib/applications/application-mail";
import { withNoteAuthorsNamed } from "@/lib/applications/note-authors";
import { ApplicationListParams } from "@/lib/applications/list-params";
import type { ApplicationRecord } from "@/lib/applications/schemas";
import { nextPageLink } from "@/lib/paging/link-header";
import { PetNotAvailableError } from "@/lib/pets/pet-errors";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import type { Caller } from "@/lib/keys/caller";
import { ApiError } from "./api-error";
import { oncePerFrozen } from "./once-per-frozen";
import { parseBody } from "./parse-body";
import { parsePathId } from "./parse-path-id";
import { parseSearchParams } from "./parse-search-params";
import { withholdPetState } from "./withhold-pet-state";
import { errorRefs } from "./openapi/error-responses";
import {
  BODY_ERRORS,
  COMMON_ERRORS,
  jsonAnswer,
  jsonBody,
  pathParameter,
  queryParameters,
} from "./openapi/operation-parts";

const PERSONAL =
  "The answers, notes and decline reason are personal data: they are never logged or put in events, and are erased a set time after the decision (`PETSTORE_APPLICATION_RETENTION_DAYS`, default 180).";
const applicationId = pathParameter("applicationId", "The application's id", {
  type: "integer",
  format: "int64",
  minimum: 1,
});

/*
 * Adoption applications over /v1 (issue 26, docs/decisions/196): thin doors onto
 * lib/applications/applications.ts, which holds the rules. The answers are personal data:
 * they travel in bodies only, never in a URL, a log line or an error message. No
 * Idempotency-Key on createApplication: its remembered answer would be a second copy of
 * the answers that erasure cannot reach (decision 196).
 */

export const APPLICATIONS_PATH = "/v1/applications";

const DAY_MS = 86_400_000;

// A remembered page (one query's, frozen) has one next link (./once-per-frozen.ts).
const linkOnce = oncePerFrozen<string>();

type ApplicationContext = { params: Promise<{ applicationId: string }> };

async function applicationIdOf(context: ApplicationContext) {
  return parsePathId((await context.params).applicationId, "applicationId", "invalid_application_id");
}

const notFound = () => new ApiError(404, "not_found", "No application has this id.");

function found(application: ApplicationRecord | undefined): ApplicationRecord {
  if (!application) throw notFound();
  return application;
}

/** One application with its notes' authors named as the caller may read them. */
async function namedFor(caller: Caller | undefined, application: Application): Promise<Application> {
  const [named] = await withNoteAuthorsNamed([application], caller);
  return named ?? application;
}

/** listApplications: GET /v1/applications — newest first, by state, animal and age. */
export const listApplicationsRoute = defineOperation(
  {
    operationId: "listApplications",
    method: "GET",
    path: "/applications",
    scope: "applications:read",
    stability: "experimental",
    summary: "List adoption applications",
    document: {
      tag: "applications",
      description: `Newest first, at most \`limit\` (default 20); \`state\`, \`petId\` and \`olderThanDays\` narrow it. Follow the \`Link\` header for the next page: it keeps the filters. ${PERSONAL}`,
      ...{
        parameters: queryParameters(ApplicationListParams),
      },
      responses: {
        "200": jsonAnswer("A page of applications", Applications, "NextPageLink"),
        ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, _context, caller) => {
    const query = parseSearchParams(request.url, ApplicationListParams);
    const { limit, state, petId, olderThanDays, cursor } = query;
    // The cursor is bound to the cutoff, so the next link names the time, not the days.
    const submittedBefore =
      olderThanDays === undefined ? query.submittedBefore : new Date(nowMs() - olderThanDays * DAY_MS).toISOString();
    const page = await listApplications({ limit, state, petId, submittedBefore, cursor });
    const headers: Record<string, string> = {};
    if (page.nextCursor) {
      const next = { limit, state, petId, submittedBefore, cursor: page.nextCursor };
      headers.Link = linkOnce(page, () => nextPageLink(APPLICATIONS_PATH, next));
    }
    const mail = await applicantMailStates(page.applications);
    const shown = page.applications.map((record) => applicationOf(record, mail.get(record.id)));
    return jsonResponse(await withNoteAuthorsNamed(shown, caller), 200, headers);
  },
);

/** createApplication: POST /v1/applications — staff enter one taken by phone; no spam checks. */
export const createApplicationRoute = defineOperation(
  {
    operationId: "createApplication",
    method: "POST",
    path: "/applications",
    scope: "applications:write",
    stability: "experimental",
    summary: "Enter an application for an adopter",
    document: {
      tag: "applications",
      description:
        "For an application taken by phone or in person: the same answers as the adopters' form, without its spam checks (`source` is `staff`). The animal must be `available` (else 409 `pet_not_available`). The same e-mail's open application for the same animal is answered with a 200 and nothing is added. No `Idempotency-Key`: a remembered answer would keep a copy of the answers that erasure cannot reach.",
      ...jsonBody(NewApplication),
      responses: {
        "201": jsonAnswer("Added; durable", Application, "Location"),
        "200": jsonAnswer(
          "This person has an open application for this animal already: that one",
          Application,
          "Location",
        ),
        ...errorRefs({ ...BODY_ERRORS, "409": "Conflict", "422": "UnknownPet", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, _context, caller) => {
    const { petId, answers } = await parseBody(request, NewApplication, "application");
    const { application, duplicate } = await submitApplication(petId, answers, { source: "staff" }).catch(
      (error: unknown) => {
        throw withholdPetState(caller, error);
      },
    );
    // The same person's open application for this animal: answered with it, nothing added.
    return jsonResponse(applicationOf(application), duplicate ? 200 : 201, {
      Location: `${APPLICATIONS_PATH}/${application.id}`,
    });
  },
);

/** getApplication: GET /v1/applications/{applicationId}. */
export const getApplicationRoute = defineOperation(
  {
    operationId: "getApplication",
    method: "GET",
    path: "/applications/{applicationId}",
    scope: "applications:read",
    stability: "experimental",
    summary: "Get an adoption application",
    document: {
      tag: "applications",
      description: `With its answers and notes; once erased, without them and with \`erasedAt\`. ${PERSONAL}`,
      parameters: [applicationId],
      responses: {
        "200": jsonAnswer("The application", Application),
        ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (_request, context, caller) => {
    const id = await applicationIdOf(context);
    const application = found(id === undefined ? undefined : await getApplication(id));
    const mail = await applicantMailStates([application]);
    return jsonResponse(await namedFor(caller, applicationOf(application, mail.get(application.id))));
  },
);

/**
 * updateApplication: PATCH /v1/applications/{applicationId} with `{"state": …}` (and a
 * `reason` to decline), as orders move (docs/decisions/080). Approving places the order
 * that holds the animal; an animal another adoption holds already is a 409.
 */
export const updateApplicationRoute = defineOperation(
  {
    operationId: "updateApplication",
    method: "PATCH",
    path: "/applications/{applicationId}",
    scope: "applications:write",
    stability: "experimental",
    summary: "Review, approve, decline or withdraw an application",
    document: {
      tag: "applications",
      description:
        '`{"state": "in_review"}`, `{"state": "approved"}`, `{"state": "declined", "reason": "…"}` (a reason is required) or `{"state": "withdrawn"}` (on the adopter\'s behalf). Approving places an order for the animal in the same durable step (the animal becomes `pending`; `orderId` names the order); when another adoption holds the animal already, 409 `application_conflict` and nothing changes: of two approvals for one animal at once, exactly one succeeds. Declining or withdrawing an approved application cancels its order (the animal is `available` again). Asking for the state it is in changes nothing; a move its state does not allow (a decided application) is 409 `application_conflict` with `currentStatus`.',
      parameters: [applicationId],
      ...jsonBody(ApplicationMove),
      responses: {
        "200": jsonAnswer("The application as it is now", Application),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", "409": "Conflict", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context, caller) => {
    const id = await applicationIdOf(context);
    const { state, reason } = await parseBody(request, ApplicationMove, "application change");
    if (id === undefined) throw notFound();
    const moved = await moveApplication(id, state, reason).catch((error: unknown) => {
      if (!(error instanceof PetNotAvailableError)) throw error;
      // Not the pet's status: a key without pets:read is not told it (./withhold-pet-state.ts).
      const message = "The application cannot be approved: the animal is already held by another adoption.";
      throw new ApiError(409, "application_conflict", message);
    });
    return jsonResponse(await namedFor(caller, applicationOf(found(moved))));
  },
);

/** addApplicationNote: POST /v1/applications/{applicationId}/notes — answers the application with its notes. */
export const addApplicationNoteRoute = defineOperation(
  {
    operationId: "addApplicationNote",
    method: "POST",
    path: "/applications/{applicationId}/notes",
    scope: "applications:write",
    stability: "experimental",
    summary: "Add a note to an application",
    document: {
      tag: "applications",
      description:
        "The note is kept with the answers, who wrote it and when; it is erased with them (409 `application_conflict` once they are). The event records that a note was added, never the note.",
      parameters: [applicationId],
      ...jsonBody(NewApplicationNote),
      responses: {
        "200": jsonAnswer("The application with its notes", Application),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", "409": "Conflict", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context, caller) => {
    const id = await applicationIdOf(context);
    const { text } = await parseBody(request, NewApplicationNote, "note");
    if (id === undefined) throw notFound();
    return jsonResponse(await namedFor(caller, applicationOf(found(await addApplicationNote(id, text)))));
  },
);

/** exportPersonalData: POST /v1/applications/personal-data/export — one person's applications, answers and all. */
export const exportPersonalDataRoute = defineOperation(
  {
    operationId: "exportPersonalData",
    method: "POST",
    path: "/applications/personal-data/export",
    scope: "applications:erase",
    stability: "experimental",
    summary: "Export one person's applications",
    document: {
      tag: "applications",
      description:
        "Every application whose answers gave this e-mail, newest first, with the answers and notes: what a person asking for their data is sent. The e-mail travels in the body, never in the URL.",
      ...jsonBody(PersonalDataRequest),
      responses: {
        "200": jsonAnswer("The person's applications", Applications),
        ...errorRefs({ ...BODY_ERRORS, ...COMMON_ERRORS }),
      },
    },
  },
  async (request) => {
    const { email } = await parseBody(request, PersonalDataRequest, "request");
    return jsonResponse((await exportPersonalData(email)).map((record) => applicationOf(record)));
  },
);

/** erasePersonalData: POST /v1/applications/personal-data/erase — the applications stay, their personal data goes. */
export const erasePersonalDataRoute = defineOperation(
  {
    operationId: "erasePersonalData",
    method: "POST",
    path: "/applications/personal-data/erase",
    scope: "applications:erase",
    stability: "experimental",
    summary: "Erase one person's personal data",
    document: {
      tag: "applications",
      description:
        "Removes the answers, notes and decline reason of every application whose answers gave this e-mail; the applications stay, with their states, times and `erasedAt`, and `application.erased` is recorded for each. Asking again erases nothing more (`erased: 0`). The e-mail travels in the body, never in the URL.",
      ...jsonBody(PersonalDataRequest),
      responses: {
        "200": jsonAnswer("How many applications were erased", ErasedApplications),
        ...errorRefs({ ...BODY_ERRORS, ...COMMON_ERRORS }),
      },
    },
  },
  async (request) => {
    const { email } = await parseBody(request, PersonalDataRequest, "request");
    return jsonResponse({ erased: await erasePersonalDataOf(email) });
  },
);
