import { describe, expect, it } from "vitest";
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
import { toApiError } from "./to-api-error";

/** The Error body and headers a refusal is answered with, as the /v1 and /auth handlers send them. */
const answerTo = (error: Error) => {
  const answer = toApiError(error, "req_test");
  return { ...answer.toBody(), headers: answer.headers };
};

describe("the staff accounts' refusals, as the HTTP layer answers them", () => {
  it("keep the status, code and words each answered with when lib/people threw HTTP errors itself", () => {
    expect(answerTo(new LastActiveAdminError())).toEqual({
      status: 409,
      code: "last_admin",
      message: "This is the only active admin: make someone else an admin first.",
      headers: undefined,
    });
    expect(answerTo(new EmailTakenError())).toMatchObject({
      status: 409,
      code: "email_taken",
      message: "Another staff account has this e-mail.",
    });
    expect(answerTo(new InvalidInvitationError())).toMatchObject({
      status: 410,
      code: "invalid_invitation",
      message: "This link is unknown, used or expired. Ask an admin for a new one.",
    });
    expect(answerTo(new WrongCurrentPasswordError())).toEqual({
      status: 400,
      code: "invalid_body",
      message: "The current password is not right.",
      details: [{ field: "currentPassword", message: "is not your current password" }],
      headers: undefined,
    });
    expect(answerTo(new InvalidCredentialsError("No."))).toMatchObject({ status: 401, code: "invalid_credentials" });
    expect(answerTo(new CrossOriginError())).toMatchObject({
      status: 403,
      code: "cross_origin",
      message: "This request must come from the staff console's own pages.",
    });
    expect(answerTo(new PasskeysUnavailableError())).toMatchObject({ status: 400, code: "passkeys_unavailable" });
  });

  it("carry the headers a client acts on: Retry-After and WWW-Authenticate", () => {
    expect(answerTo(new SignInLimitedError(61))).toEqual({
      status: 429,
      code: "rate_limited",
      message: "Too many failed sign-ins for this account or from this address; try again in 2 minutes.",
      headers: { "Retry-After": "61" },
    });
    expect(answerTo(new SignInBusyError("Busy."))).toMatchObject({
      status: 503,
      code: "sign_in_busy",
      headers: { "Retry-After": "1" },
    });
    expect(answerTo(new RoleBeyondCallerError("admin", ["keys:write", "people:write"]))).toEqual({
      status: 403,
      code: "insufficient_scope",
      message:
        "Giving the admin role, or changing a person who has it, needs every scope of that role; this caller lacks keys:write, people:write.",
      headers: {
        "WWW-Authenticate": 'Bearer realm="petstore", error="insufficient_scope", scope="keys:write people:write"',
      },
    });
  });
});
