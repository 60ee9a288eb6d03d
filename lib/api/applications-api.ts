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
  type Application,
  ApplicationMove,
  applicationOf,
  NewApplication,
  NewApplicationNote,
  PersonalDataRequest,
} from "@/lib/applications/application-view";
import { applicantMailStates } from "@/lib/applications/application-mail";
import { withNoteAuthorsNamed } from "@/lib/applications/note-authors";
import { ApplicationListParams } from "@/lib/applications/list-params";
import type { ApplicationRecord } from "@/lib/applications/schemas";
import { nextPageLink } from "@/lib/paging/link-header";
import { PetNotAvailableError } from "@/lib/store/order-store";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import type { Caller } from "@/lib/keys/caller";
import { ApiError } from "./api-error";
import { oncePerFrozen } from "./once-per-frozen";
import { parseBody } from "./parse-body";
import { parsePathId } from "./parse-path-id";
import { parseSearchParams } from "./parse-search-params";
import { withholdPetState } from "./withhold-pet-state";

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
  },
  async (request) => {
    const { email } = await parseBody(request, PersonalDataRequest, "request");
    return jsonResponse({ erased: await erasePersonalDataOf(email) });
  },
);
