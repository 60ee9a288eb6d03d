import {
  CrossOriginError,
  EmailTakenError,
  InvalidCredentialsError,
  InvalidInvitationError,
  LastActiveAdminError,
  PasskeysUnavailableError,
  RoleBeyondCallerError,
  SignInBusyError,
  SignInLimitedError,
  WrongCurrentPasswordError,
} from "@/lib/people/people-errors";
import { ApiError } from "./api-error";

/** The staff accounts' refusals (lib/people/people-errors.ts) as their documented answers; their words are the domain's. */
export function peopleRefusal(error: unknown): ApiError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { message } = error;
  if (error instanceof LastActiveAdminError) return new ApiError(409, "last_admin", message);
  if (error instanceof EmailTakenError) return new ApiError(409, "email_taken", message);
  if (error instanceof InvalidInvitationError) return new ApiError(410, "invalid_invitation", message);
  if (error instanceof WrongCurrentPasswordError) {
    return new ApiError(400, "invalid_body", message, [
      { field: "currentPassword", message: "is not your current password" },
    ]);
  }
  if (error instanceof RoleBeyondCallerError) {
    const scope = error.missing.join(" ");
    return new ApiError(403, "insufficient_scope", message, undefined, {
      "WWW-Authenticate": `Bearer realm="petstore", error="insufficient_scope", scope="${scope}"`,
    });
  }
  if (error instanceof InvalidCredentialsError) return new ApiError(401, "invalid_credentials", message);
  if (error instanceof SignInLimitedError) {
    return new ApiError(429, "rate_limited", message, undefined, { "Retry-After": String(error.retryAfterSeconds) });
  }
  if (error instanceof SignInBusyError) {
    return new ApiError(503, "sign_in_busy", message, undefined, { "Retry-After": "1" });
  }
  if (error instanceof CrossOriginError) return new ApiError(403, "cross_origin", message);
  if (error instanceof PasskeysUnavailableError) return new ApiError(400, "passkeys_unavailable", message);
  return undefined;
}
