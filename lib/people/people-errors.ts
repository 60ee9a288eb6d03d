import { brandedError, fixedError, namedError } from "@/lib/errors/branded-error";
import type { Scope } from "@/lib/keys/scopes";

/*
 * The refusals of the staff accounts' rules. Each message is the caller's answer, word for
 * word: the HTTP layer gives it its status and code (lib/api/people-refusals.ts) and
 * `npm run users` prints it. Nothing here knows HTTP.
 */

/** The change would leave no active admin. */
export class LastActiveAdminError extends fixedError(
  "LastActiveAdminError",
  "This is the only active admin: make someone else an admin first.",
) {}

/** Another account has this e-mail. */
export class EmailTakenError extends fixedError("EmailTakenError", "Another staff account has this e-mail.") {}

/** An invitation or set-up link that is unknown, used or expired. */
export class InvalidInvitationError extends fixedError(
  "InvalidInvitationError",
  "This link is unknown, used or expired. Ask an admin for a new one.",
) {}

/** A password change whose current password does not match. */
export class WrongCurrentPasswordError extends fixedError(
  "WrongCurrentPasswordError",
  "The current password is not right.",
) {}

/** Giving a role, or changing a person who has it, by a caller without every scope of that role. */
export class RoleBeyondCallerError extends brandedError(Symbol.for("petstore.RoleBeyondCallerError")) {
  constructor(
    readonly role: string,
    readonly missing: readonly Scope[],
  ) {
    super(
      `Giving the ${role} role, or changing a person who has it, needs every scope of that role; this caller lacks ${missing.join(", ")}.`,
    );
    this.name = "RoleBeyondCallerError";
  }
}

/** A sign-in refused: by password (which of e-mail and password is wrong is not said) or by passkey. */
export class InvalidCredentialsError extends namedError("InvalidCredentialsError") {}

/** Too many failed sign-ins for the account or from the address, until `retryAfterSeconds` pass. */
export class SignInLimitedError extends brandedError(Symbol.for("petstore.SignInLimitedError")) {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      `Too many failed sign-ins for this account or from this address; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
    this.name = "SignInLimitedError";
  }
}

/** A sign-in cannot be checked now (the hashing gate is full, or the limits cannot be read): retry in a second. */
export class SignInBusyError extends namedError("SignInBusyError") {}

/** A request made with the session cookie that did not come from this site's own pages (CSRF). */
export class CrossOriginError extends fixedError(
  "CrossOriginError",
  "This request must come from the staff console's own pages.",
) {}

/** Passkeys need a host name for their relying party; the site was opened by an IP address. */
export class PasskeysUnavailableError extends fixedError(
  "PasskeysUnavailableError",
  "Passkeys need the site opened by its host name (such as localhost), not an IP address.",
) {}

/** Every refusal above: what `npm run users` prints as its message instead of a stack. */
export const PEOPLE_REFUSALS = [
  LastActiveAdminError,
  EmailTakenError,
  InvalidInvitationError,
  WrongCurrentPasswordError,
  RoleBeyondCallerError,
  InvalidCredentialsError,
  SignInLimitedError,
  SignInBusyError,
  CrossOriginError,
  PasskeysUnavailableError,
] as const;

export function isPeopleRefusal(error: unknown): error is InstanceType<(typeof PEOPLE_REFUSALS)[number]> {
  return PEOPLE_REFUSALS.some((refusal) => error instanceof refusal);
}
