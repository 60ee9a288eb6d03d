import "server-only";
import { siteOrigin } from "@/lib/origin/site-origin";
import { config } from "@/lib/config";
import { enqueueMail, mailAbout, recordUnsentMail } from "@/lib/mail-outbox/mail-outbox";
import type { MailMessage, MailRenderer } from "@/lib/mail-outbox/outbox-sender";
import { mailConfigured } from "@/lib/mail-outbox/smtp-transport";
import { getPetStore } from "@/lib/composition";
import type { ApplicantMail } from "./application-view";
import type { ApplicationRecord } from "./schemas";
import { ANIMAL_GONE_MAIL, DECISION_MAIL, statusTokenOf } from "./applications";
import type { ApplicationState } from "./states";

/*
 * The application e-mails (docs/decisions/195, 207): to the adopter, their status link; to the
 * shelter, that an application came in (its reference and the animal only: staff read the
 * answers in the console). Each goes through the mail outbox (lib/mail-outbox), which holds
 * the application's status-token digest and the kind, never the address or the text: the
 * message is made here when it is sent, from the application as it then stands, so an
 * application erased meanwhile is mailed nothing.
 */

export { mailConfigured };

/** The kinds whose recipient is the applicant (what staff are told is failing). */
export const APPLICANT_MAIL: readonly string[] = [
  "adopter_confirmation",
  "adopter_reminder",
  ...Object.values(DECISION_MAIL),
  ANIMAL_GONE_MAIL,
];
export const NEW_APPLICATION_MAIL = { applicant: "adopter_confirmation", shelter: "shelter_notice" } as const;

/** Sends the adopter their status link again: their second application for the same animal. */
export async function resendStatusLink(application: ApplicationRecord): Promise<void> {
  if (application.personal) await enqueueMail("adopter_reminder", application.personal.statusTokenDigest);
}

/** Records, for staff, that the applicant's confirmation was not sent: their mailbox's budget was spent. */
export async function noteMailBudgetSpent(application: ApplicationRecord): Promise<void> {
  if (!application.personal) return;
  const reason =
    "Not sent: this applicant's mailbox has had its mail for today (a limit against forged applications); contact them another way.";
  await recordUnsentMail("adopter_confirmation", application.personal.statusTokenDigest, reason);
}

/** The status page's address in a message: on the public origin, never a request's Host (decision 201). */
const statusLinkOf = (token: string) => `${siteOrigin().origin}/applications/${token}`;

type Found = { application: ApplicationRecord; petName: string; to: string; statusLink: string };

/** The application an entry is about, as it stands; undefined once it is gone or erased. */
async function findApplication(about: string): Promise<Found | undefined> {
  const store = await getPetStore();
  const application = await store.findByStatusToken(about);
  const token = application && (await statusTokenOf(application));
  if (!application?.personal || !token) return undefined;
  const petName = (await store.get(application.petId))?.name ?? `animal #${application.petId}`;
  return { application, petName, to: application.personal.answers.email, statusLink: statusLinkOf(token) };
}

const rendered =
  (make: (found: Found) => MailMessage): MailRenderer =>
  async (about) => {
    const found = await findApplication(about);
    return found && make(found);
  };

/**
 * A decision's mail, sent only while the application is in the state it tells (held mail
 * whose change never came to be, or a decision undone before it went, sends nothing).
 */
const decided =
  (state: ApplicationState, make: (found: Found) => Omit<MailMessage, "to" | "text"> & { lines: string[] }) =>
  async (about: string): Promise<MailMessage | undefined> => {
    const found = await findApplication(about);
    if (found?.application.state !== state) return undefined;
    const { lines, ...message } = make(found);
    return { ...message, to: found.to, text: [...lines, ...linkLines(found)].join("\n") };
  };

/** Every decision mail ends so: the reference and the private link, nothing more about the adopter. */
const linkLines = ({ application, statusLink }: Found) => [
  "",
  `Your reference: ${application.reference}`,
  "",
  "Your application's private page (keep the link to yourself):",
  statusLink,
];

/** The animal gone while the application waited: sent only while it still waits and the animal is still gone. */
async function animalGone(about: string): Promise<MailMessage | undefined> {
  const found = await findApplication(about);
  if (!found || !["submitted", "in_review"].includes(found.application.state)) return undefined;
  const pet = await (await getPetStore()).get(found.application.petId);
  if (pet?.status === "available") return undefined;
  const { petName } = found;
  return {
    to: found.to,
    subject: `${petName} is no longer available (${found.application.reference})`,
    text: [
      `Thank you for applying to adopt ${petName}. We are sorry: ${petName} is no longer available for adoption, so the shelter cannot take your application further.`,
      "",
      `${petName} may have found a home with another family, or the shelter may have withdrawn ${petName} from adoption. Other animals are still looking for a home: ${siteOrigin().origin}/`,
      ...linkLines(found),
    ].join("\n"),
  };
}

/** The application e-mails' renderers, by kind (handed to the outbox's sender at start). */
export const APPLICATION_MAIL_RENDERERS: Record<string, MailRenderer> = {
  adopter_confirmation: rendered(({ application, petName, to, statusLink }) => ({
    to,
    subject: `Your application to adopt ${petName} (${application.reference})`,
    text: [
      `Thank you for applying to adopt ${petName}.`,
      "",
      `Your reference: ${application.reference}`,
      "",
      "See how your application is going, or withdraw it, at this private link:",
      statusLink,
      "",
      "Keep this link to yourself: whoever has it can see and withdraw your application.",
    ].join("\n"),
  })),
  adopter_reminder: rendered(({ application, petName, to, statusLink }) => ({
    to,
    subject: `Your application to adopt ${petName} (${application.reference})`,
    text: [
      `You have already applied to adopt ${petName}; we have not taken a second application.`,
      "",
      `Your reference: ${application.reference}`,
      "",
      "See how it is going, or withdraw it, at your private link:",
      statusLink,
    ].join("\n"),
  })),
  adopter_approved: decided("approved", ({ application, petName }) => ({
    subject: `Good news: your application to adopt ${petName} is approved (${application.reference})`,
    lines: [
      `Good news: the shelter has approved your application to adopt ${petName}, and is holding ${petName} for you.`,
      "",
      `What happens next: the shelter will contact you soon to arrange the adoption with you (a meeting, the fee and the day ${petName} comes home). You need not do anything until then; if your plans change, you can withdraw your application from its page.`,
    ],
  })),
  adopter_declined: decided("declined", ({ application, petName }) => ({
    subject: `Your application to adopt ${petName} (${application.reference})`,
    lines: [
      `Thank you for applying to adopt ${petName}, and for the care you put into your application.`,
      "",
      `We are sorry: the shelter is not able to offer ${petName} a home with you. Each decision is about one animal's particular needs, and this one says nothing against you as a home: you are welcome to apply for another animal, and the shelter is glad to talk it through if you contact them.`,
    ],
  })),
  adopter_withdrawn: decided("withdrawn", ({ application, petName }) => ({
    subject: `Your application to adopt ${petName} is withdrawn (${application.reference})`,
    lines: [
      `Your application to adopt ${petName} is withdrawn: the shelter will not act on it any more.`,
      "",
      `If you did not ask for this, please contact the shelter. You may apply again while ${petName} is available.`,
    ],
  })),
  [ANIMAL_GONE_MAIL]: animalGone,
  shelter_notice: rendered(({ application, petName }) => ({
    to: config.shelterEmail ?? config.adoptionEmail,
    subject: `New application ${application.reference} for ${petName} (#${application.petId})`,
    text: [
      `A new adoption application, ${application.reference}, for ${petName} (#${application.petId}).`,
      "",
      "Read it in the staff console, under Applications.",
    ].join("\n"),
  })),
};

/**
 * What staff are told of mail to each applicant that is failing: the latest failure in words
 * and the next try, by application id; one outbox read for a page of applications.
 */
export async function applicantMailStates(
  applications: readonly ApplicationRecord[],
): Promise<Map<number, ApplicantMail>> {
  const idOf = new Map(
    applications.flatMap(({ id, personal }) => (personal ? [[personal.statusTokenDigest, id] as const] : [])),
  );
  const states = new Map<number, ApplicantMail>();
  for (const entry of await mailAbout([...idOf.keys()])) {
    if (!APPLICANT_MAIL.includes(entry.kind) || entry.lastError === undefined) continue;
    // Oldest first: a later failure replaces an earlier one.
    states.set(idOf.get(entry.about)!, {
      state: entry.givenUpAt ? "given_up" : "failing",
      lastError: entry.lastError,
      attempts: entry.attempts,
      ...(entry.nextAttemptAt ? { nextAttemptAt: entry.nextAttemptAt } : {}),
    });
  }
  return states;
}
