import "server-only";
import { ApiError } from "@/lib/api/api-error";
import { peopleRefusal } from "@/lib/api/people-refusals";
import { SignInBody, signInCookies } from "./auth-api";
import { setupNeeded } from "./link-status";
import { CrossOriginError } from "./people-errors";
import { provideSignInDesk, type FormSignInOutcome } from "./sign-in-desk";
import { signInWithPassword } from "./sign-in";
import { refuseCrossSiteForm } from "./site-origin";

/** The route the security log names for the form's attempts (lib/ops/route-pattern.ts). */
const ROUTE = "/staff/sign-in";

/** Hands the sign-in page its desk (./sign-in-desk.ts); start-up calls it once. */
export function provideFormSignIn(): void {
  provideSignInDesk({ setupNeeded, signIn: signInFromForm });
}

/**
 * A sign-in posted as a form (docs/decisions/224): the JSON sign-in's rules, unchanged
 * (lib/people/sign-in.ts: the limits and lock-outs, the decoy hash, the generic refusal, the
 * failed attempt's event and log line), its cookies (session and trusted device), and a
 * cross-site check fit for a form the browser posts itself. Every refusal is an answer the
 * page shows (the people's refusals mapped as the JSON sign-in maps them); only a fault
 * propagates.
 */
export async function signInFromForm(request: Request, fields: Record<string, string>): Promise<FormSignInOutcome> {
  const email = (fields.email ?? "").trim();
  const password = fields.password ?? "";
  try {
    refuseCrossSiteForm(request);
  } catch (error) {
    if (error instanceof CrossOriginError) return { kind: "cross_site" };
    throw error;
  }
  const typed = SignInBody.safeParse({ email, password });
  if (!email || !password || !typed.success) {
    return { kind: "refused", status: 422, message: "Enter your e-mail and password.", email: email.slice(0, 254) };
  }
  try {
    return {
      kind: "signed_in",
      cookies: await signInCookies(await signInWithPassword(email, password, request, ROUTE)),
    };
  } catch (error) {
    const refusal = error instanceof ApiError ? error : peopleRefusal(error);
    if (!refusal) throw error;
    const retryAfter = refusal.headers?.["Retry-After"];
    return {
      kind: "refused",
      status: refusal.status,
      message: refusal.message,
      email,
      ...(retryAfter ? { retryAfter } : {}),
    };
  }
}
