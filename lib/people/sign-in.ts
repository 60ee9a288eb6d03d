import "server-only";
import { ApiError } from "@/lib/api/errors";
import { nowMs } from "@/lib/clock";
import type { FailedSignIn } from "@/lib/events/event-types";
import { clientAddressOf } from "@/lib/rate-limit/client-address";
import { getAccountStore } from "./accounts";
import { withHashingSlot } from "./hashing-gate";
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from "./password";
import { normalizeEmail, type PersonRecord } from "./person";
import { signInFailed } from "./people-events";
import { openSession, type OpenedSession } from "./sessions";
import { countFailure, refuseWhileLimited } from "./sign-in-limits";

/**
 * Signs a person in with their e-mail and password. Every refusal says the same thing and
 * takes the same work (an unknown e-mail is checked against a decoy hash), so it tells
 * nothing about which e-mails have accounts; each is recorded (account id when there is
 * one, never the e-mail or password) and counted toward the limits (./sign-in-limits.ts).
 */
export async function signInWithPassword(email: string, password: string, request: Request): Promise<OpenedSession> {
  const typed = normalizeEmail(email);
  const address = clientAddressOf(request);
  refuseWhileLimited(typed, address);
  const store = await getAccountStore();
  const person = await store.findPersonByEmail(typed);
  const matches = await withHashingSlot(() =>
    person?.passwordHash ? verifyPassword(password, person.passwordHash) : verifyNothing(password),
  );
  const reason = refusalReason(person, matches);
  if (reason) {
    const failed: FailedSignIn = { method: "password", reason };
    if (person) failed.personId = person.id;
    await store.recordEvents([signInFailed(failed, new Date(nowMs()).toISOString())]);
    throw await countFailure(typed, address, invalidCredentials());
  }
  const signedIn = person!;
  if (needsRehash(signedIn.passwordHash!)) await rehash(signedIn, password);
  return openSession(signedIn, "password", request);
}

export function invalidCredentials(): ApiError {
  return new ApiError(401, "invalid_credentials", "The e-mail or password is not right, or the account is not active.");
}

function refusalReason(person: PersonRecord | undefined, matches: boolean): FailedSignIn["reason"] | undefined {
  if (!person) return "unknown_account";
  if (!person.passwordHash) return "no_password";
  if (!matches) return "wrong_password";
  if (!person.active) return "deactivated";
  return undefined;
}

/** Today's parameters for a password hashed with weaker ones; the password is what was just typed. */
async function rehash(person: PersonRecord, password: string): Promise<void> {
  const passwordHash = await withHashingSlot(() => hashPassword(password));
  const store = await getAccountStore();
  await store.updatePerson(person.id, (current) =>
    current.passwordHash === person.passwordHash ? { record: { ...current, passwordHash }, events: [] } : undefined,
  );
}
