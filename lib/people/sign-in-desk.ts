import { processSingleton } from "@/lib/process-singleton";

/**
 * What the sign-in page (pages/staff/sign-in.tsx, a form that works without JavaScript:
 * docs/decisions/224) asks of the server. A Pages Router page may not import "server-only"
 * modules, so this module holds types only and start-up hands the real desk over through a
 * process slot (./provide-sign-in-desk.ts), as for the adopters' desk (docs/decisions/108).
 */
export type SignInDesk = {
  /** True while no account exists: the page then says where the set-up link is (docs/decisions/218). */
  setupNeeded(): Promise<boolean>;
  /** Signs in from the posted form, with the JSON sign-in's rules (lib/people/sign-in.ts). */
  signIn(request: Request, fields: Record<string, string>): Promise<FormSignInOutcome>;
};

export type FormSignInOutcome =
  /** Signed in: the cookies to set before the 303 to the console. */
  | { kind: "signed_in"; cookies: string[] }
  /** Refused: the form again with the reason and the e-mail typed (never the password). */
  | { kind: "refused"; status: number; message: string; email: string; retryAfter?: string }
  /** Posted from another site: a page in words, nothing of the form shown back. */
  | { kind: "cross_site" };

const slot = processSingleton<SignInDesk>("sign-in-desk");

/** Start-up's half. */
export function provideSignInDesk(desk: SignInDesk): void {
  slot.clear();
  void slot.get(async () => desk);
}

/** The page's half. */
export async function getSignInDesk(): Promise<SignInDesk> {
  const desk = slot.peek();
  if (!desk) throw new Error("The sign-in desk was not provided: the server did not start (lib/server-start.ts)");
  return desk;
}
