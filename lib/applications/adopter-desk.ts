import type { ApplicationState } from "./states";
import type { FieldErrors, FormFields } from "./form-input";
import { processSingleton } from "@/lib/process-singleton";
import type { Pet } from "@/lib/pets/schemas";

/**
 * What the adopters' application pages (pages/pets/[id]/apply.tsx, pages/applications/[token].tsx)
 * ask of the server, one call per request. Those are Pages Router pages, which may not import
 * "server-only" modules, so this module holds types only and start-up hands the real desk over
 * through a process slot (lib/applications/provide-adopter-desk.ts), like lib/gallery/adopter-reads.ts.
 */
export type AdopterDesk = {
  /** The form for an animal; undefined for an unknown one. */
  openApplication(petIdText: string): Promise<ApplyOutcome | undefined>;
  /** Checks and takes a posted form (docs/decisions/194 and 195); undefined for an unknown animal. */
  submitApplication(petIdText: string, posted: PostedForm): Promise<ApplyOutcome | undefined>;
  /** What the status link shows; undefined for an unknown token or an erased application. */
  applicationStatus(token: string): Promise<ApplicationStatus | undefined>;
  /**
   * The animal an approved application holds, in full, for its adopter only: the private link
   * is the proof, so the animal's public page can keep saying it is no longer available
   * (docs/decisions/214). Undefined unless the application is approved.
   */
  heldPet(token: string): Promise<Pet | undefined>;
  /** The adopter withdraws through the status link. */
  withdrawApplication(token: string, from: FormOrigin): Promise<WithdrawOutcome>;
};

/** Where a POST came from, as the browser says (checked against cross-site forms). */
export type FormOrigin = {
  origin: string | undefined;
  fetchSite: string | undefined;
  /** The client address (lib/rate-limit/client-address.ts), for the per-address limit and a refusal's log line. */
  address: string;
};

export type PostedForm = FormOrigin & {
  fields: FormFields;
};

export type PetRef = { id: number; name: string };

export type ApplyOutcome =
  /** The form, empty or with what was sent and its errors. */
  | { kind: "form"; pet: PetRef; formStamp: string; values: FormFields; errors: FieldErrors }
  /** The animal takes no applications now (pending or sold). */
  | { kind: "unavailable"; name: string; categoryId: number }
  /**
   * Without mail: this e-mail already has an open application for the animal (no second one
   * is made, and its link cannot be shown to whoever typed the address: docs/decisions/208).
   */
  | { kind: "duplicate"; pet: PetRef }
  /**
   * With mail: taken, or a duplicate whose link was sent again; answered alike, so the page
   * tells nobody whether that person had applied (docs/decisions/208). The rest is in the mail.
   */
  | { kind: "sent"; pet: PetRef }
  /** Taken: the status link's token, shown once. */
  | { kind: "submitted"; token: string }
  /** Too many from this address: the form comes back with what was typed. */
  | { kind: "limited"; retryAfterSeconds: number; form: Extract<ApplyOutcome, { kind: "form" }> }
  | { kind: "cross_site" };

export type ApplicationStatus = {
  reference: string;
  pet: PetRef | undefined;
  state: ApplicationState;
  submittedAt: string;
  updatedAt: string;
  decidedAt: string | undefined;
  /**
   * Still waiting, but its animal is no longer available (another application approved, an
   * order placed, its status set): for the adopter it is closed, as their mail said
   * (docs/decisions/221).
   */
  animalGone: boolean;
  canWithdraw: boolean;
  /** Whether the server sends e-mail (PETSTORE_SMTP_URL): the confirmation says which. */
  mailConfigured: boolean;
};

export type WithdrawOutcome =
  { kind: "withdrawn" } | { kind: "not_found" } | { kind: "cross_site" } | { kind: "conflict"; message: string };

const slot = processSingleton<AdopterDesk>("adopter-desk");

/** Start-up's half. */
export function provideAdopterDesk(desk: AdopterDesk): void {
  slot.clear();
  void slot.get(async () => desk);
}

/** The pages' half. */
export async function getAdopterDesk(): Promise<AdopterDesk> {
  const desk = slot.peek();
  if (!desk) throw new Error("The adopters' desk was not provided: the server did not start (lib/server-start.ts)");
  return desk;
}

/**
 * A form POST from our own pages: the browser's Sec-Fetch-Site says so when it sends one
 * (every current browser does; our pages' `Referrer-Policy: no-referrer` makes their `Origin`
 * "null"), else the Origin must be one of this site's public origin's (`accepted`,
 * lib/origin/site-origin.ts: never the request's Host; docs/decisions/194 and 201).
 */
export function isSameSiteForm({ origin, fetchSite }: FormOrigin, accepted: readonly string[]): boolean {
  if (fetchSite !== undefined) return fetchSite === "same-origin";
  return origin !== undefined && accepted.includes(origin);
}
