import * as z from "zod";
import { PetId } from "@/lib/pets/schemas";
import { OrderId } from "@/lib/orders/schemas";
import {
  ApplicantEmail,
  ApplicationAnswers,
  ApplicationId,
  ApplicationNote,
  ApplicationReference,
  ApplicationState,
  DECLINE_REASON_MAX,
  NOTE_MAX,
  SuspectReason,
  type ApplicationRecord,
} from "./schemas";

/*
 * An application as /v1/applications and the console show it (docs/decisions/196): the
 * record less its digests, the personal part's answers, notes and decline reason lifted to
 * the top; once erased, none of them and `erasedAt` instead. Isomorphic: the console parses
 * the API's answers with it.
 */

const Timestamp = z.iso.datetime().meta({ description: "RFC 3339, UTC" });

/** Mail to the applicant that is failing: the last error in words, and the next try (never the address). */
export const ApplicantMail = z
  .object({
    state: z.enum(["failing", "given_up"]).meta({
      description: "`failing`: it will be tried again at `nextAttemptAt`; `given_up`: the retries are spent",
    }),
    lastError: z.string().meta({ description: "Why the last attempt failed, in words (never the mail server's text)" }),
    attempts: z.int().min(0).meta({ description: "Attempts made; 0 when it was not sent at all (a limit spent)" }),
    nextAttemptAt: Timestamp.optional().meta({ description: "When it is tried again; absent once given up" }),
  })
  .meta({ id: "ApplicantMail" });
export type ApplicantMail = z.infer<typeof ApplicantMail>;

/** A note as it is shown: with its author's name where the caller may read it (./note-authors.ts). */
export const ApplicationNoteView = ApplicationNote.extend({
  byName: z.string().optional().meta({
    description:
      "The author's name as their account holds it now: to callers with `people:read`, and to the author; absent for a key",
  }),
});
export type ApplicationNoteView = z.infer<typeof ApplicationNoteView>;

export const Application = z
  .object({
    id: ApplicationId,
    reference: ApplicationReference,
    petId: PetId,
    state: ApplicationState,
    source: z
      .enum(["form", "staff"])
      .meta({ description: "`form`: the adopter's own; `staff`: entered by staff (a phone call)" }),
    suspect: z.array(SuspectReason).meta({
      description: "Why the spam checks doubt it; empty when they do not. A suspect application is kept, never dropped",
    }),
    orderId: OrderId.optional().meta({ description: "The order approval placed" }),
    submittedAt: Timestamp,
    updatedAt: Timestamp,
    decidedAt: Timestamp.optional().meta({ description: "When it was approved, declined or withdrawn" }),
    answers: ApplicationAnswers.optional().meta({ description: "Absent once erased" }),
    notes: z
      .array(ApplicationNoteView)
      .optional()
      .meta({ description: "Staff notes, oldest first; absent once erased" }),
    declineReason: z.string().optional().meta({ description: "Why it was declined; absent once erased" }),
    erasedAt: Timestamp.optional().meta({
      description: "When its personal data was erased (by retention, or on the person's request)",
    }),
    applicantMail: ApplicantMail.optional().meta({
      description: "Present while e-mail to the applicant is failing or was given up (docs/decisions/207)",
    }),
  })
  .meta({
    id: "Application",
    description: "An adoption application with its answers (personal data: read with `applications:read` only)",
  });
export type Application = z.infer<typeof Application>;

export const Applications = z.array(Application).meta({ id: "Applications" });

export function applicationOf(record: ApplicationRecord, applicantMail?: ApplicantMail): Application {
  const { personal, ...rest } = record;
  if (!personal) return rest;
  const { answers, notes, declineReason } = personal;
  const mail = applicantMail ? { applicantMail } : {};
  return { ...rest, answers, notes, ...(declineReason === undefined ? {} : { declineReason }), ...mail };
}

/** createApplication's body: staff enter an application taken by phone. */
export const NewApplication = z
  .strictObject({ petId: PetId, answers: ApplicationAnswers })
  .meta({ id: "NewApplication", description: "An application staff enter for an adopter (no spam checks)" });
export type NewApplication = z.infer<typeof NewApplication>;

/** What staff write in a box: trimmed, not empty, at most `max` characters. */
function words(max: number) {
  return z
    .string({ error: "must be text" })
    .trim()
    .min(1, { error: "is required" })
    .refine((value) => [...value].length <= max, { error: `must be at most ${max} characters` })
    .meta({ maxLength: max });
}

/** updateApplication's body: the state to move to, and the reason when declining. */
export const ApplicationMove = z
  .strictObject({
    state: ApplicationState,
    reason: words(DECLINE_REASON_MAX)
      .optional()
      .meta({ description: "Why it is declined: required to decline, refused otherwise. Shown to staff only" }),
  })
  .superRefine((move, context) => {
    if (move.state === "declined" && move.reason === undefined)
      context.addIssue({ code: "custom", path: ["reason"], message: "is required to decline" });
    if (move.state !== "declined" && move.reason !== undefined)
      context.addIssue({ code: "custom", path: ["reason"], message: "is only given when declining" });
  })
  .meta({ id: "ApplicationMove", description: "Move an application to another state" });
export type ApplicationMove = z.infer<typeof ApplicationMove>;

export const NewApplicationNote = z
  .strictObject({ text: words(NOTE_MAX) })
  .meta({ id: "NewApplicationNote", description: "A staff note; personal data, erased with the answers" });

/** Export and erasure: the person's e-mail, in the body so that no URL (and no access log) holds it. */
export const PersonalDataRequest = z
  .strictObject({ email: ApplicantEmail })
  .meta({ id: "PersonalDataRequest", description: "Whose data: the e-mail their applications gave" });

export const ErasedApplications = z
  .object({ erased: z.int().min(0).meta({ description: "How many applications' personal data was erased" }) })
  .meta({ id: "ErasedApplications" });
