import "server-only";
import { randomBytes } from "node:crypto";
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
} from "@simplewebauthn/server";
import {
  CEREMONY_LIFETIME_MS,
  challengeBytes,
  challengeHash,
  newChallenge,
  openCeremony,
  PROMPT_TIMEOUT_MS,
  sealCeremony,
} from "./ceremony-token";
import type { PasskeyRecord } from "./passkey";
import type { RegistrationAnswer } from "./passkey-answers";
import { passkeyAdded } from "./passkey-events";
import { PasskeyRefusal } from "./passkey-refusal";
import type { PasskeyStore } from "./passkey-store";
import type { RelyingParty } from "./relying-party";
import { SUPPORTED_ALGORITHMS, userHandleOf } from "./webauthn-settings";

export interface RegistrationOptions {
  options: PublicKeyCredentialCreationOptionsJSON;
  /** Sent back with the answer (./ceremony-token.ts). */
  ceremony: string;
}

/**
 * Options for adding a passkey to a signed-in person's account. The passkey must be
 * discoverable (a "resident key"), so it can later sign in without an e-mail, and must verify
 * the user (PIN or biometrics), since it stands in for a password. The person's passkeys are
 * excluded, so one authenticator is not registered twice.
 */
export async function startRegistration(input: {
  rp: RelyingParty;
  person: { id: string; email: string; name: string };
  existing: readonly PasskeyRecord[];
  key: Buffer;
  now: number;
}): Promise<RegistrationOptions> {
  const { rp, person } = input;
  const challenge = newChallenge();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(person.id),
    userName: person.email,
    userDisplayName: person.name,
    challenge: challengeBytes(challenge),
    timeout: PROMPT_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: input.existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  });
  const ceremony = sealCeremony(
    {
      purpose: "register",
      challenge,
      personId: person.id,
      rpId: rp.id,
      origin: rp.origin,
      expiresAt: input.now + CEREMONY_LIFETIME_MS,
    },
    input.key,
  );
  return { options, ceremony };
}

/**
 * Checks the authenticator's answer and stores the new passkey under `name`, recording
 * `passkey.added`. Refuses (PasskeyRefusal) a token that is not this person's registration
 * on this site, a challenge already answered, an answer that does not verify, and a
 * credential already registered.
 */
export async function finishRegistration(input: {
  store: PasskeyStore;
  rp: RelyingParty;
  personId: string;
  ceremony: string;
  answer: RegistrationAnswer;
  name: string;
  key: Buffer;
  now: number;
}): Promise<PasskeyRecord> {
  const { rp, store } = input;
  const ceremony = openCeremony(input.ceremony, "register", input.key, input.now);
  if (ceremony.personId !== input.personId || ceremony.rpId !== rp.id || ceremony.origin !== rp.origin)
    throw new PasskeyRefusal("ceremony_invalid", "The passkey request is not valid here; try again");
  const expiresAt = new Date(ceremony.expiresAt).toISOString();
  if (!(await store.useChallenge(challengeHash(ceremony.challenge), expiresAt, new Date(input.now).toISOString())))
    throw new PasskeyRefusal("ceremony_used", "This passkey request was already answered; try again");

  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.answer,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
  } catch {
    verified = { verified: false };
  }
  if (!verified.verified) throw new PasskeyRefusal("answer_invalid", "The passkey could not be verified");

  const info = verified.registrationInfo;
  const record: PasskeyRecord = {
    id: `pk_${randomBytes(8).toString("hex")}`,
    personId: input.personId,
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
    counter: info.credential.counter,
    transports: input.answer.response.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name: input.name,
    createdAt: new Date(input.now).toISOString(),
  };
  if (!(await store.add(record, [passkeyAdded(record)])))
    throw new PasskeyRefusal("already_registered", "This passkey is already registered");
  return record;
}
