/** Why a passkey ceremony was refused; the message is safe to show, and names no one. */
export type PasskeyRefusalReason =
  /** The ceremony's token is missing, forged, expired, for another purpose or another person. */
  | "ceremony_invalid"
  /** The ceremony's challenge was already answered once. */
  | "ceremony_used"
  /** The authenticator's answer did not verify (signature, origin, RP ID, challenge, flags). */
  | "answer_invalid"
  /** No stored passkey has the answer's credential id, or it belongs to someone else. */
  | "unknown_passkey"
  /** The signature counter went backwards or stood still: a cloned authenticator, or a replay. */
  | "counter_regressed"
  /** Registration: the credential is already registered. */
  | "already_registered";

export class PasskeyRefusal extends Error {
  constructor(
    readonly reason: PasskeyRefusalReason,
    message: string,
    /** Whose passkey the answer named, when it named a stored one: the failure counts toward their account. */
    readonly personId?: string,
  ) {
    super(message);
    this.name = "PasskeyRefusal";
  }
}
