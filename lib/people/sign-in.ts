import "server-only";
import { nowMs } from "@/lib/clock";
import type { FailedSignIn } from "./people-event-objects";
import { logSecurityEvent } from "@/lib/ops/log-security";
import { getAccountStore } from "./accounts";
import { withHashingSlot } from "./hashing-gate";
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from "./password";
import { normalizeEmail, type PersonRecord } from "./person";
import { signInFailed } from "./people-events";
import { InvalidCredentialsError } from "./people-errors";
import { openSession, type OpenedSession } from "./sessions";
import { countFailure, refuseWhileLimited, signInClientOf, type SignInClient } from "./sign-in-limits";

/**
 * Signs a person in with their e-mail and password. Every refusal says the same thing and
 * takes the same work (an unknown e-mail is checked against a decoy hash), so it tells
 * nothing about which e-mails have accounts; each is recorded (account id when there is
 * one, never the e-mail or password), logged with the client's address, and counted toward
 * the limits (./sign-in-limits.ts).
 */
export async function signInWithPassword(
  email: string,
  password: string,
  request: Request,
  /** Where the attempt came from, for the security log: the JSON route, or the sign-in page's form. */
  route = "/auth/sign-in",
): Promise<OpenedSession> {
  const typed = normalizeEmail(email);
  const client = await signInClientOf(request, typed);
  const store = await getAccountStore();
  const person = await store.findPersonByEmail(typed);
  const attempt = { route, ...(person ? { personId: person.id } : {}) };
  await refuseWhileLimited(typed, client, attempt);
  const matches = await withHashingSlot({ group: client.group, known: client.device !== undefined }, () =>
    person?.passwordHash ? verifyPassword(password, person.passwordHash) : verifyNothing(password),
  );
  const reason = refusalReason(person, matches);
  if (reason) {
    const failed: FailedSignIn = { method: "password", reason };
    if (person) failed.personId = person.id;
    await store.recordEvents([signInFailed(failed, new Date(nowMs()).toISOString())]);
    logSecurityEvent({ kind: "sign_in_failed", clientAddress: client.address, ...attempt, reason });
    throw await countFailure(typed, client, attempt, invalidCredentials());
  }
  const signedIn = person!;
  if (needsRehash(signedIn.passwordHash!)) await rehash(signedIn, password, client);
  return openSession(signedIn, "password", request);
}

export function invalidCredentials(): InvalidCredentialsError {
  return new InvalidCredentialsError("The e-mail or password is not right, or the account is not active.");
}

function refusalReason(person: PersonRecord | undefined, matches: boolean): FailedSignIn["reason"] | undefined {
  if (!person) return "unknown_account";
  if (!person.passwordHash) return "no_password";
  if (!matches) return "wrong_password";
  if (!person.active) return "deactivated";
  return undefined;
}

/** Today's parameters for a password hashed with weaker ones; the password is what was just typed. */
async function rehash(person: PersonRecord, password: string, client: SignInClient): Promise<void> {
  // The password was just proved: the client is known now.
  const passwordHash = await withHashingSlot({ group: client.group, known: true }, () => hashPassword(password));
  const store = await getAccountStore();
  await store.updatePerson(person.id, (current) =>
    current.passwordHash === person.passwordHash ? { record: { ...current, passwordHash }, events: [] } : undefined,
  );
}
