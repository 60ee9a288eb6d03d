import "server-only";
import { getPetStore } from "@/lib/composition";
import { nowIso } from "@/lib/clock";
import { currentActor } from "@/lib/events/actor";
import { discardMail, holdMail, releaseMail } from "@/lib/mail-outbox/mail-outbox";
import type { ApplicationChange, ListApplicationsQuery } from "@/lib/applications/application-store";
import { addNote, moveTo, withdrawByAdopter } from "./changes";
import { emailDigest, newReference, statusTokenDigest, statusTokenFor } from "./secrets";
import type { ApplicationAnswers, ApplicationRecord, ApplicationState, SuspectReason } from "./schemas";

/*
 * What the adopters' pages, /v1/applications and the console do with applications: the rules
 * live here and in ./changes.ts, the stores only keep them (lib/applications/application-store.ts).
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
  return changeState(id, to, moveTo(to, nowIso(), reason));
}

/**
 * The mail each state the adopter must know of sends them (./application-mail.ts renders it).
 * `in_review` sends none: it asks nothing of the adopter, and their status page shows it.
 */
export const DECISION_MAIL: Partial<Record<ApplicationState, string>> = {
  approved: "adopter_approved",
  declined: "adopter_declined",
  withdrawn: "adopter_withdrawn",
};
/** To the other open applications for an animal that an approval has just given to someone else. */
export const ANIMAL_GONE_MAIL = "adopter_animal_gone";

/**
 * Every change of an application's state goes through here, whoever asks (the console and
 * /v1, the adopter's own link, an order cancelled: lib/orders/update-order.ts), so each tells
 * the adopter (docs/decisions/211). The mail cannot share the store's durable step (decision
 * 207), so it is held in the outbox first and released once the change is written, or
 * discarded when nothing was written; a crash in between leaves it to fall due, and its
 * renderer sends nothing unless the application (and its animal) stand as the mail says.
 * Decision mail is not counted against the mailbox's daily budget (decision 208): only staff
 * or the link's holder cause it, at most a few per application.
 */
export async function changeState(id: number, to: ApplicationState, decide: ApplicationChange) {
  const store = await getPetStore();
  const current = await store.getApplication(id);
  const kind = DECISION_MAIL[to];
  const about = current?.personal?.statusTokenDigest;
  const held = kind && about ? await holdMail([kind], about) : [];
  if (to === "approved" && current) {
    for (const digest of await waitingFor(current.petId, current.id)) {
      held.push(...(await holdMail([ANIMAL_GONE_MAIL], digest)));
    }
  }
  let written = false;
  const watched: ApplicationChange = (stored) => {
    const change = decide(stored);
    written = change !== undefined;
    return change;
  };
  const changed = await store.changeApplication(id, watched).catch(async (error: unknown) => {
    await discardMail(held).catch(() => undefined);
    throw error;
  });
  await (written && changed ? releaseMail(held) : discardMail(held));
  return changed;
}

/** The status-token digests of the applications still waiting for an animal, but `except`'s. */
export async function waitingFor(petId: number, except?: number): Promise<string[]> {
  const store = await getPetStore();
  const waiting = await Promise.all(
    (["submitted", "in_review"] as const).map((state) => store.listApplications({ limit: 100, petId, state })),
  );
  return waiting
    .flatMap(({ applications }) => applications)
    .flatMap(({ id, personal }) => (id !== except && personal ? [personal.statusTokenDigest] : []));
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
  return changeState(application.id, "withdrawn", withdrawByAdopter(nowIso()));
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
