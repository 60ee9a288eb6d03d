import * as z from "zod";
import { PetId } from "@/lib/pets/schemas";
import { OrderId } from "@/lib/orders/schemas";
import { ApplicationId, ApplicationReference, ApplicationState, SuspectReason } from "./states";
import { EventActor } from "@/lib/events/event-actor";

/*
 * Adoption applications, declared once (docs/decisions/191): the adopters' form checks its
 * answers with ApplicationAnswers in the page and on the server, /v1/applications reads and
 * writes them, and the OpenAPI document shows them. Isomorphic: the form imports it too.
 *
 * The answers are personal data. They live only in an application's `personal` part, which
 * retention and erasure remove (lib/applications/retention.ts); events, logs and metrics carry
 * an ApplicationSummary, which holds ids, states and times only.
 */

/** Free text in a box: trimmed, line feeds allowed, no other control characters. */
function text(max: number) {
  return z
    .string({ error: "must be text" })
    .trim()
    .refine((value) => [...value].length <= max, { error: `must be at most ${max} characters` })
    .regex(/^(?:[^\p{Cc}]|\n|\r)*$/u, { error: "must not contain control characters" })
    .refine((value) => value.isWellFormed(), { error: "must be valid Unicode text" })
    .meta({ maxLength: max });
}

const required = (max: number) => text(max).refine((value) => value.length > 0, { error: "is required" });

/** One line: no line breaks (a name, a phone number). */
const line = (max: number) => required(max).regex(/^[^\n\r]*$/, { error: "must be one line" });

export const ApplicantEmail = z
  .string({ error: "is required" })
  .trim()
  .toLowerCase()
  .max(254, { error: "must be at most 254 characters" })
  .pipe(z.email({ error: "must be an e-mail address, like name@example.org" }));

export const HOME_TYPES = ["house", "flat", "other"] as const;
export const TENURES = ["own", "rent"] as const;
export const LANDLORD_CONSENTS = ["yes", "no", "not_asked"] as const;
export const GARDENS = ["none", "shared", "private"] as const;

export const ANSWER_LIMITS = {
  name: 100,
  phone: 30,
  adults: 20,
  children: 12,
  otherAnimals: 500,
  hoursAlone: 24,
  experience: 2000,
  whyThisAnimal: 2000,
} as const;

/**
 * What an adopter answers. Flat, so an HTML form's fields map one to one (the form sends
 * numbers and lists as text: lib/applications/form-input.ts reads them into this shape).
 * `landlordConsent` is asked only of renters; the form shows it only when "rent" is chosen,
 * with CSS, so it works without JavaScript.
 */
export const ApplicationAnswers = z
  .strictObject(
    {
      name: line(ANSWER_LIMITS.name).meta({ description: "The adopter's name", examples: ["Ada Lovelace"] }),
      email: ApplicantEmail.meta({ description: "Where the shelter and the status link reach the adopter" }),
      phone: text(ANSWER_LIMITS.phone)
        .regex(/^[+()\d\s.-]*$/, { error: "must be a phone number: digits, spaces, + ( ) - ." })
        .optional()
        .meta({ description: "Optional" }),
      adults: z
        .int({ error: "must be a whole number" })
        .min(1, { error: "must be at least 1" })
        .max(ANSWER_LIMITS.adults, { error: `must be at most ${ANSWER_LIMITS.adults}` })
        .meta({ description: "Adults in the household, the adopter included" }),
      childrenAges: z
        .array(
          z
            .int({ error: "must be whole numbers" })
            .min(0, { error: "must be ages from 0 to 17" })
            .max(17, { error: "must be ages from 0 to 17" }),
        )
        .max(ANSWER_LIMITS.children, { error: `must list at most ${ANSWER_LIMITS.children} children` })
        .meta({ description: "The ages of the children in the household; empty when there are none" }),
      otherAnimals: text(ANSWER_LIMITS.otherAnimals).meta({
        description: "Other animals in the household; empty when there are none",
      }),
      homeType: z.enum(HOME_TYPES, { error: "must be house, flat or other" }),
      tenure: z.enum(TENURES, { error: "must be own or rent" }),
      landlordConsent: z
        .enum(LANDLORD_CONSENTS, { error: "must be yes, no or not_asked" })
        .optional()
        .meta({ description: "Asked of renters only: does the landlord allow the animal?" }),
      garden: z.enum(GARDENS, { error: "must be none, shared or private" }),
      hoursAlone: z
        .int({ error: "must be a whole number" })
        .min(0, { error: "must be at least 0" })
        .max(ANSWER_LIMITS.hoursAlone, { error: `must be at most ${ANSWER_LIMITS.hoursAlone}` })
        .meta({ description: "Hours a day the animal would be alone, on a usual day" }),
      experience: text(ANSWER_LIMITS.experience).meta({ description: "Experience with animals; may be empty" }),
      whyThisAnimal: required(ANSWER_LIMITS.whyThisAnimal).meta({ description: "Why this animal" }),
      consentToContact: z.literal(true, { error: "must be given: the shelter needs to contact you" }).meta({
        description: "The adopter agrees to be contacted about this application",
      }),
    },
    { error: (issue) => (issue.code === "invalid_type" ? "must be a JSON object" : undefined) },
  )
  .refine((answers) => answers.tenure !== "rent" || answers.landlordConsent !== undefined, {
    path: ["landlordConsent"],
    error: "is required when you rent",
    // Checked even when other answers are wrong, so the form names every problem at once.
    when: ({ value }) => (value as { tenure?: unknown } | null)?.tenure === "rent",
  })
  .meta({
    id: "ApplicationAnswers",
    description: "An adopter's answers. Personal data: never logged, never in events.",
  });
export type ApplicationAnswers = z.infer<typeof ApplicationAnswers>;

export const NOTE_MAX = 1000;
export const DECLINE_REASON_MAX = 1000;

export const ApplicationNote = z
  .object({
    text: text(NOTE_MAX),
    at: z.iso.datetime(),
    by: EventActor,
  })
  .meta({ description: "A staff note on an application. Personal data: erased with the answers." });
export type ApplicationNote = z.infer<typeof ApplicationNote>;

/** The part of an application that is personal data: erased together, a set time after the decision. */
export const ApplicationPersonal = z.object({
  answers: ApplicationAnswers,
  notes: z.array(ApplicationNote),
  declineReason: text(DECLINE_REASON_MAX).optional(),
  /** HMAC of the lower-cased e-mail under the store's key: finds duplicates and one person's data. */
  emailDigest: z.string().regex(/^[0-9a-f]{64}$/),
  /** SHA-256 of the adopter's status link token (the token itself is never stored). */
  statusTokenDigest: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ApplicationPersonal = z.infer<typeof ApplicationPersonal>;

const Timestamp = z.iso.datetime().meta({ description: "RFC 3339, UTC" });

/** An application as the store keeps it. */
export const ApplicationRecord = z.object({
  id: ApplicationId,
  reference: ApplicationReference,
  petId: PetId,
  state: ApplicationState,
  /** form: an adopter's own; staff: entered by staff (a phone call), which skips the spam checks. */
  source: z.enum(["form", "staff"]),
  suspect: z.array(SuspectReason),
  orderId: OrderId.optional(),
  submittedAt: Timestamp,
  updatedAt: Timestamp,
  decidedAt: Timestamp.optional(),
  /** Absent once erased: then `erasedAt` says when. */
  personal: ApplicationPersonal.optional(),
  erasedAt: Timestamp.optional(),
});
export type ApplicationRecord = z.infer<typeof ApplicationRecord>;

export * from "./states";
