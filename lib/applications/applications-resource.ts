import { defineResource } from "@/lib/resources/define-resource";
import { ApplicationConflictError } from "@/lib/applications/application-store";
import { ApplicationSummary } from "./summary";
import { ApplicationState } from "./states";

/**
 * Adoption applications (issue 26; docs/decisions/191, 196): the first of the older resources
 * declared (docs/decisions/282). Its operations: lib/api/applications-api.ts (listed by
 * ./applications-resource-api.ts); its file part: lib/applications/file-application-part.ts.
 */
export const applicationsResource = defineResource({
  name: "applications",
  decision: 191,
  tag: {
    name: "applications",
    description: "Adoption applications: review, approve, decline; one person's data exported or erased (experimental)",
  },
  scopes: {
    "applications:read": "read adoption applications, their answers included",
    "applications:write": "review, approve, decline and annotate adoption applications, and enter one for an adopter",
    "applications:erase": "export or erase one applicant's personal data on their request",
  },
  eventReadScopes: { application: "applications:read" },
  events: {
    "application.submitted": {
      object: ApplicationSummary,
      extra: {},
      summary: "An adoption application was received (from the adopters' form, or entered by staff)",
    },
    "application.review_started": {
      object: ApplicationSummary,
      extra: { from: ApplicationState },
      summary: "Staff started reviewing an application",
    },
    "application.approved": {
      object: ApplicationSummary,
      extra: { from: ApplicationState },
      summary: "An application was approved: `orderId` is the order that now holds the animal",
    },
    "application.declined": {
      object: ApplicationSummary,
      extra: { from: ApplicationState },
      summary: "An application was declined (the reason is shown to staff only); an order it held is cancelled",
    },
    "application.withdrawn": {
      object: ApplicationSummary,
      extra: { from: ApplicationState },
      summary: "An application was withdrawn, by the adopter or on their behalf; an order it held is cancelled",
    },
    "application.note_added": {
      object: ApplicationSummary,
      extra: {},
      summary: "Staff added a note to an application (the event never holds the note)",
    },
    "application.erased": {
      object: ApplicationSummary,
      extra: {},
      summary: "An application's personal data was erased: by retention after its decision, or on the person's request",
    },
  },
  errorCodes: {
    invalid_application_id: { status: 400, description: "`applicationId` is not a positive decimal integer" },
    application_conflict: {
      status: 409,
      description:
        "the application cannot make this move from its state (it is decided, or its personal data was erased), or approving it found the animal already held by another adoption",
    },
  },
  refusals: [
    {
      error: ApplicationConflictError,
      code: "application_conflict",
      message: (error: ApplicationConflictError) => `The application cannot change: ${error.message}.`,
      currentStatus: (error: ApplicationConflictError) => error.state,
    },
  ],
});
