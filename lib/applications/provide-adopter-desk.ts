import "server-only";
import { nowMs } from "@/lib/clock";
import { lookUpPet } from "@/lib/gallery/look-up-pet";
import { getPetStore } from "@/lib/store";
import { logSecurityEvent } from "@/lib/ops/log-security";
import { siteOrigin } from "@/lib/origin/site-origin";
import { PetNotAvailableError, PetNotFoundError } from "@/lib/store/order-store";
import { ApplicationConflictError } from "@/lib/store/application-store";
import { countApplication } from "./apply-limits";
import { mailConfigured, resendStatusLink, sendApplicationMail } from "./application-mail";
import { applicationByStatusToken, statusTokenOf, submitApplication, withdrawByStatusToken } from "./applications";
import {
  isSameSiteForm,
  provideAdopterDesk,
  type AdopterDesk,
  type ApplyOutcome,
  type FormOrigin,
} from "./adopter-desk";
import { readApplicationForm } from "./form-input";
import { emailDigest, formStampKey } from "./secrets";
import { FORM_STAMP_FIELD, HONEYPOT_FIELD, readFormStamp, signFormStamp, suspectReasons } from "./spam-checks";
import { APPLICATION_TRANSITIONS } from "./states";

/** Hands the adopters' application pages their desk (see adopter-desk.ts); start-up calls it once. */
export function provideApplicationDesk(): void {
  provideAdopterDesk(desk);
}

const desk: AdopterDesk = {
  async openApplication(petIdText) {
    const found = await lookUpPet(petIdText);
    if (!found) return undefined;
    if (!found.available) return { kind: "unavailable", name: found.name, categoryId: found.categoryId };
    const pet = { id: found.pet.id, name: found.pet.name };
    return { kind: "form", pet, formStamp: signFormStamp(await formStampKey(), nowMs()), values: {}, errors: {} };
  },

  async submitApplication(petIdText, posted) {
    const found = await lookUpPet(petIdText);
    if (!found) return undefined;
    if (!found.available) return { kind: "unavailable", name: found.name, categoryId: found.categoryId };
    if (!isSameSiteForm(posted, siteOrigin().accepted)) return refusedCrossSite(posted, "/pets/[petId]/apply");
    const pet = { id: found.pet.id, name: found.pet.name };
    const { fields } = posted;
    const read = readApplicationForm(fields);
    const key = await formStampKey();
    const formStamp = fields[FORM_STAMP_FIELD] ?? "";
    if (!read.ok) {
      // The first load's stamp is kept, so the time checks count from it.
      const stamp = readFormStamp(key, formStamp) === undefined ? signFormStamp(key, nowMs()) : formStamp;
      return { kind: "form", pet, formStamp: stamp, values: fields, errors: read.errors };
    }
    const { answers } = read;
    const retryAfterSeconds = await countApplication(posted.address, await emailDigest(answers.email));
    if (retryAfterSeconds !== undefined) return { kind: "limited", retryAfterSeconds };
    const honeypot = fields[HONEYPOT_FIELD] ?? "";
    const suspect = suspectReasons({ answers, honeypot, formStamp, key, nowMs: nowMs() });
    try {
      const submitted = await submitApplication(pet.id, answers, { source: "form", suspect });
      return await answered(submitted, pet, answers.email);
    } catch (error) {
      if (error instanceof PetNotFoundError) return undefined;
      if (error instanceof PetNotAvailableError) {
        return { kind: "unavailable", name: pet.name, categoryId: found.pet.categoryId };
      }
      throw error;
    }
  },

  async applicationStatus(token) {
    const application = await applicationByStatusToken(token);
    if (!application) return undefined;
    const pet = await (await getPetStore()).get(application.petId);
    return {
      reference: application.reference,
      pet: pet ? { id: pet.id, name: pet.name } : undefined,
      state: application.state,
      submittedAt: application.submittedAt,
      updatedAt: application.updatedAt,
      decidedAt: application.decidedAt,
      canWithdraw: APPLICATION_TRANSITIONS[application.state].includes("withdrawn"),
      mailConfigured: mailConfigured(),
    };
  },

  async withdrawApplication(token, from) {
    if (!isSameSiteForm(from, siteOrigin().accepted)) return refusedCrossSite(from, "/applications/[token]");
    try {
      return (await withdrawByStatusToken(token)) ? { kind: "withdrawn" } : { kind: "not_found" };
    } catch (error) {
      if (error instanceof ApplicationConflictError) return { kind: "conflict", message: error.message };
      throw error;
    }
  },
};

/** A form sent from another site: refused, and logged with its client address (docs/security.md). */
function refusedCrossSite(from: FormOrigin, route: string): { kind: "cross_site" } {
  logSecurityEvent({ kind: "cross_site_refused", clientAddress: from.address, route });
  return { kind: "cross_site" };
}

/** The page's answer once the store has the application, and its e-mails, sent in the background. */
async function answered(
  { application, statusToken, duplicate }: Awaited<ReturnType<typeof submitApplication>>,
  pet: { id: number; name: string },
  email: string,
): Promise<ApplyOutcome> {
  // On the public origin, never the request's Host: a forged Host must not carry the adopter's
  // token to another site (docs/decisions/201).
  const linkOf = (token: string) => `${siteOrigin().origin}/applications/${token}`;
  const mail = (token: string | undefined) => {
    const statusLink = token && mailConfigured() ? linkOf(token) : undefined;
    return statusLink
      ? { to: email, petName: pet.name, petId: pet.id, reference: application.reference, statusLink }
      : undefined;
  };
  if (duplicate) {
    // Told to whoever typed the e-mail: never the reference or the link, which go to the address only.
    const reminder = mail(await statusTokenOf(application));
    if (reminder) resendStatusLink(reminder);
    return { kind: "duplicate", pet, emailed: reminder !== undefined };
  }
  const confirmation = mail(statusToken);
  if (confirmation) sendApplicationMail(confirmation);
  return { kind: "submitted", token: statusToken! };
}
