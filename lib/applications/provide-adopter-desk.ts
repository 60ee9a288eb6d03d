import "server-only";
import { nowMs } from "@/lib/clock";
import { lookUpPet } from "@/lib/gallery/look-up-pet";
import { withPetPhotos } from "@/lib/gallery/with-pet-photos";
import { getPetStore } from "@/lib/composition";
import { logSecurityEvent } from "@/lib/ops/log-security";
import { siteOrigin } from "@/lib/origin/site-origin";
import { PetNotAvailableError, PetNotFoundError } from "@/lib/pets/pet-errors";
import { ApplicationConflictError } from "@/lib/applications/application-store";
import { countApplication, mayMailApplicant, rememberSent, sentBefore } from "./apply-limits";
import { mailConfigured, NEW_APPLICATION_MAIL, noteMailBudgetSpent, resendStatusLink } from "./application-mail";
import { applicationByStatusToken, statusTokenOf, submitApplication, withdrawByStatusToken } from "./applications";
import {
  isSameSiteForm,
  provideAdopterDesk,
  type AdopterDesk,
  type ApplyOutcome,
  type PetRef,
  type FormOrigin,
} from "./adopter-desk";
import { readApplicationForm } from "./form-input";
import { formStampKey } from "./secrets";
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
    // The same form sent again (a double-click with JavaScript off) is not a new application
    // from this address: it is answered as the first was (docs/decisions/212).
    const again = await sentBefore(pet.id, fields);
    if (!again) {
      const retryAfterSeconds = await countApplication(posted.address);
      // Refused, the form comes back with what was typed.
      if (retryAfterSeconds !== undefined) {
        return {
          kind: "limited",
          retryAfterSeconds,
          form: { kind: "form", pet, formStamp, values: fields, errors: {} },
        };
      }
      await rememberSent(pet.id, fields);
    }
    // The applicant's mailbox's budget limits the mail it is sent, never the application (decision 208).
    const mailApplicant = mailConfigured() && (again || (await mayMailApplicant(answers.email)));
    const honeypot = fields[HONEYPOT_FIELD] ?? "";
    const suspect = suspectReasons({ answers, honeypot, formStamp, key, nowMs: nowMs() });
    const { applicant, shelter } = NEW_APPLICATION_MAIL;
    const mail = mailApplicant ? [applicant, shelter] : [shelter];
    try {
      const submitted = await submitApplication(pet.id, answers, { source: "form", suspect, mail });
      return await answered(submitted, pet, { mailApplicant, again });
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
    const waiting = application.state === "submitted" || application.state === "in_review";
    const animalGone = waiting && pet?.status !== "available";
    return {
      reference: application.reference,
      pet: pet ? { id: pet.id, name: pet.name } : undefined,
      state: application.state,
      submittedAt: application.submittedAt,
      updatedAt: application.updatedAt,
      decidedAt: application.decidedAt,
      animalGone,
      // Nothing to withdraw from while the animal is gone; back again, the application waits again.
      canWithdraw: !animalGone && APPLICATION_TRANSITIONS[application.state].includes("withdrawn"),
      mailConfigured: mailConfigured(),
    };
  },

  async heldPet(token) {
    const application = await applicationByStatusToken(token);
    if (application?.state !== "approved") return undefined;
    const pet = await (await getPetStore()).get(application.petId);
    return pet ? (await withPetPhotos([pet]))[0] : undefined;
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

/**
 * The page's answer once the store has the application. With mail, a duplicate is answered
 * as a new application and its link goes again to the address it was made with; whoever
 * typed the address learns nothing either way (docs/decisions/208).
 */
async function answered(
  { application, statusToken, duplicate }: Awaited<ReturnType<typeof submitApplication>>,
  pet: PetRef,
  { mailApplicant, again }: { mailApplicant: boolean; again: boolean },
): Promise<ApplyOutcome> {
  // The same form again, already taken: its sender is the one who sent it first, and is
  // answered as then (with mail, the link is on its way already: nothing more is sent).
  if (duplicate && again) {
    const token = await statusTokenOf(application);
    if (mailConfigured()) return { kind: "sent", pet };
    if (token) return { kind: "submitted", token };
  }
  if (mailConfigured()) {
    if (duplicate && mailApplicant) await resendStatusLink(application);
    // Staff see why the applicant has no link: they may contact them (docs/decisions/208).
    if (!duplicate && !mailApplicant) await noteMailBudgetSpent(application);
    return { kind: "sent", pet };
  }
  if (duplicate) return { kind: "duplicate", pet };
  return { kind: "submitted", token: statusToken! };
}
