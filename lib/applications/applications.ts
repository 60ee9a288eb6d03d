import "server-only";
import { getPetStore } from "@/lib/store";
import { nowIso } from "@/lib/clock";
import { currentActor } from "@/lib/events/actor";
import { discardMail, holdMail, releaseMail } from "@/lib/mail-outbox/mail-outbox";
import type { ListApplicationsQuery } from "@/lib/store/application-store";
import { addNote, moveTo, withdrawByAdopter } from "./changes";
import { emailDigest, newReference, statusTokenDigest, statusTokenFor } from "./secrets";
import type { ApplicationAnswers, ApplicationRecord, ApplicationState, SuspectReason } from "./schemas";

/*
 * What the adopters' pages, /v1/applications and the console do with applications: the rules
 * live here and in ./changes.ts, the stores only keep them (lib/store/application-store.ts).
 */

export interface Submitted {
  application: ApplicationRecord;
  /** The status link's token, shown once; absent for a duplicate (its link went out with the first). */
  statusToken?: string;
  duplicate: boolean;
}

/** Adds an application (an adopter's form, or staff entering one); PetNotFoundError / PetNotAvailableError from the store. */
export async function submitApplication(
  petId: number,
  answers: ApplicationAnswers,
  options: { source: "form" | "staff"; suspect?: SuspectReason[]; mail?: readonly string[] },
): Promise<Submitted> {
  const store = await getPetStore();
  const now = nowIso();
  const reference = newReference();
  const statusToken = await statusTokenFor(reference, now);
  const about = statusTokenDigest(statusToken);
  // Its e-mails are in the outbox before the application is stored, held until it is: a crash
  // in between leaves entries about nothing, which the sender drops (docs/decisions/207).
  const held = await holdMail(options.mail ?? [], about);
  const stored = store.submitApplication({
    reference,
    petId,
    state: "submitted",
    source: options.source,
    suspect: options.suspect ?? [],
    submittedAt: now,
    updatedAt: now,
    personal: {
      answers,
      notes: [],
      emailDigest: await emailDigest(answers.email),
      statusTokenDigest: about,
    },
  });
  const { application, duplicate } = await stored.catch(async (error: unknown) => {
    await discardMail(held).catch(() => undefined);
    throw error;
  });
  // A duplicate's mail is its own (./application-mail.ts: resendStatusLink).
  await (duplicate ? discardMail(held) : releaseMail(held));
  return duplicate ? { application, duplicate } : { application, statusToken, duplicate };
}

export async function getApplication(id: number): Promise<ApplicationRecord | undefined> {
  return (await getPetStore()).getApplication(id);
}

export async function listApplications(query: ListApplicationsQuery) {
  return (await getPetStore()).listApplications(query);
}

/** Staff move an application: review, approve (places the order), decline (with a reason), withdraw. */
export async function moveApplication(id: number, to: ApplicationState, reason?: string) {
  return (await getPetStore()).changeApplication(id, moveTo(to, nowIso(), reason));
}

export async function addApplicationNote(id: number, text: string) {
  return (await getPetStore()).changeApplication(id, addNote(text, currentActor(), nowIso()));
}

/**
 * The status link's token of an application, to send it again to the address it was made
 * with (a second application for the same animal); undefined once its data is erased.
 */
export async function statusTokenOf(application: ApplicationRecord): Promise<string | undefined> {
  if (!application.personal) return undefined;
  const token = await statusTokenFor(application.reference, application.submittedAt);
  return statusTokenDigest(token) === application.personal.statusTokenDigest ? token : undefined;
}

/** The application behind an adopter's status link; undefined for an unknown or erased one. */
export async function applicationByStatusToken(token: string): Promise<ApplicationRecord | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return (await getPetStore()).findByStatusToken(statusTokenDigest(token));
}

/** The adopter withdraws through their link; ApplicationConflictError once it is decided. */
export async function withdrawByStatusToken(token: string): Promise<ApplicationRecord | undefined> {
  const application = await applicationByStatusToken(token);
  if (!application) return undefined;
  return (await getPetStore()).changeApplication(application.id, withdrawByAdopter(nowIso()));
}

/** One person's applications with their answers, for a request to see their data. */
export async function exportPersonalData(email: string): Promise<ApplicationRecord[]> {
  return (await getPetStore()).findByEmailDigest(await emailDigest(email));
}

/** Erases one person's personal data from every application of theirs; resolves how many. */
export async function erasePersonalDataOf(email: string): Promise<number> {
  const store = await getPetStore();
  const applications = await store.findByEmailDigest(await emailDigest(email));
  return (
    await store.erasePersonalData(
      applications.map(({ id }) => id),
      nowIso(),
    )
  ).length;
}
