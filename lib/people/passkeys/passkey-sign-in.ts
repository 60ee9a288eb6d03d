import "server-only";
import { nowMs } from "@/lib/clock";
import type { FailedSignIn } from "@/lib/people/people-event-objects";
import { logSecurityEvent } from "@/lib/ops/log-security";
import { getAccountStore } from "@/lib/people/accounts";
import { signInFailed } from "@/lib/people/people-events";
import { InvalidCredentialsError } from "@/lib/people/people-errors";
import { openSession, type OpenedSession } from "@/lib/people/sessions";
import { countFailure, refuseWhileLimited, signInClientOf } from "@/lib/people/sign-in-limits";
import type { SignInAnswer } from "./passkey-answers";
import { PasskeyRefusal } from "./passkey-refusal";
import { ceremonyKey, getPasskeyStore, relyingPartyOf } from "./passkeys";
import { finishSignIn } from "./sign-in";

/**
 * Signs a person in with a passkey's answer (./sign-in.ts), then opens their session as a
 * password sign-in does, with method "passkey". Every refusal says the same thing, is
 * recorded (`session.sign_in_failed`, the account when the answer named a stored passkey) and
 * counts toward the same limits as a wrong password from an unknown client: the address's
 * always, the account's when the passkey is known. An account locked by failed passwords
 * still signs in with a genuine passkey (one cannot be guessed), so whoever hammers
 * someone's e-mail cannot lock them out of it; the address limit still applies
 * (docs/decisions/188, 205).
 */
export async function signInWithPasskey(
  ceremony: string,
  answer: SignInAnswer,
  request: Request,
): Promise<OpenedSession> {
  const rp = relyingPartyOf(request);
  const client = await signInClientOf(request);
  const route = "/auth/passkey-sign-in";
  await refuseWhileLimited(undefined, client, { route });
  const [store, accounts, key] = await Promise.all([getPasskeyStore(), getAccountStore(), ceremonyKey()]);
  const refuse = async (failed: FailedSignIn): Promise<never> => {
    const person = failed.personId === undefined ? undefined : await accounts.getPerson(failed.personId);
    await accounts.recordEvents([signInFailed(failed, new Date(nowMs()).toISOString())]);
    const attempt = { route, ...(failed.personId === undefined ? {} : { personId: failed.personId }) };
    logSecurityEvent({ kind: "sign_in_failed", clientAddress: client.address, ...attempt, reason: failed.reason });
    throw await countFailure(person?.email, client, attempt, passkeyRefused());
  };

  let personId: string;
  try {
    ({ personId } = await finishSignIn({ store, rp, ceremony, answer, key, now: nowMs() }));
  } catch (error) {
    if (!(error instanceof PasskeyRefusal)) throw error;
    const failed: FailedSignIn = { method: "passkey", reason: "bad_passkey" };
    if (error.personId) failed.personId = error.personId;
    return refuse(failed);
  }
  const person = await accounts.getPerson(personId);
  if (!person?.active) return refuse({ method: "passkey", reason: "deactivated", personId });
  return openSession(person, "passkey", request);
}

export function passkeyRefused(): InvalidCredentialsError {
  return new InvalidCredentialsError(
    "The passkey was not accepted: it is not registered here, the account is not active, or the request expired.",
  );
}
