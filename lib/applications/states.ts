import * as z from "zod";

/* The states and ids of an application: no personal data, so events can import them (./summary.ts). */

export const APPLICATION_STATES = ["submitted", "in_review", "approved", "declined", "withdrawn"] as const;
export const ApplicationState = z
  .enum(APPLICATION_STATES, {
    error: "must be one of submitted, in_review, approved, declined, withdrawn",
  })
  .meta({
    id: "ApplicationState",
    description:
      "`submitted` → `in_review` → `approved` (an order holds the animal) or `declined`; the adopter may withdraw until the adoption is complete. `declined` and `withdrawn` are final; an approved application may still be declined or withdrawn while its order is open, which cancels the order.",
  });
export type ApplicationState = z.infer<typeof ApplicationState>;

/** The states each state may move to (the store's rules and the console's buttons read this). */
export const APPLICATION_TRANSITIONS: Record<ApplicationState, readonly ApplicationState[]> = {
  submitted: ["in_review", "approved", "declined", "withdrawn"],
  in_review: ["approved", "declined", "withdrawn"],
  approved: ["declined", "withdrawn"],
  declined: [],
  withdrawn: [],
};

/** Still in the shelter's hands: it counts against a second application for the animal by the same e-mail. */
export const isOpenApplication = (state: ApplicationState) =>
  state === "submitted" || state === "in_review" || state === "approved";

/** Why the spam checks doubt an application (lib/applications/spam-checks.ts): kept and flagged, never dropped. */
export const SUSPECT_REASONS = [
  "honeypot_filled",
  "submitted_too_fast",
  "form_expired",
  "form_signature_invalid",
  "link_in_name",
  "too_many_links",
  "repeated_answers",
] as const;
export const SuspectReason = z.enum(SUSPECT_REASONS);
export type SuspectReason = z.infer<typeof SuspectReason>;

export const ApplicationId = z
  .int()
  .min(1)
  .max(Number.MAX_SAFE_INTEGER)
  .meta({ format: "int64", examples: [12] });

/** What the adopter is told and quotes on the phone: not a secret, not sequential. */
export const ApplicationReference = z
  .string()
  .regex(/^A-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
  .meta({
    description: "The application's reference, as the adopter's confirmation shows it",
    examples: ["A-7K3P-9QX2"],
  });
