import "server-only";
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { counterAdvances } from "./counter";
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
import type { SignInAnswer } from "./passkey-answers";
import { PasskeyRefusal } from "./passkey-refusal";
import type { PasskeyStore } from "./passkey-store";
import type { RelyingParty } from "./relying-party";
import { userHandleOf } from "./webauthn-settings";

export interface SignInOptions {
  options: PublicKeyCredentialRequestOptionsJSON;
  /** Sent back with the answer (./ceremony-token.ts). */
  ceremony: string;
}

/**
 * Options for signing in with a passkey, without an e-mail: no credentials are listed, so the
 * browser offers the passkeys it holds for this site, and the answer names the account. Asking
 * writes nothing, so anyone may ask: nothing is learnt about who has an account.
 */
export async function startSignIn(input: { rp: RelyingParty; key: Buffer; now: number }): Promise<SignInOptions> {
  const challenge = newChallenge();
  const options = await generateAuthenticationOptions({
    rpID: input.rp.id,
    challenge: challengeBytes(challenge),
    timeout: PROMPT_TIMEOUT_MS,
    userVerification: "required",
  });
  const ceremony = sealCeremony(
    {
      purpose: "sign-in",
      challenge,
      rpId: input.rp.id,
      origin: input.rp.origin,
      expiresAt: input.now + CEREMONY_LIFETIME_MS,
    },
    input.key,
  );
  return { options, ceremony };
}

/**
 * Checks a sign-in answer against the stored passkey it names and records the use. Resolves
 * the passkey (its `personId` is who signed in); whether that person may sign in (active) is
 * the caller's rule. Refuses (PasskeyRefusal) a bad or used ceremony, an unknown credential,
 * an answer that does not verify, and a signature counter that did not move forward, which
 * means a cloned authenticator or a replayed answer.
 */
export async function finishSignIn(input: {
  store: PasskeyStore;
  rp: RelyingParty;
  ceremony: string;
  answer: SignInAnswer;
  key: Buffer;
  now: number;
}): Promise<PasskeyRecord> {
  const { rp, store, answer } = input;
  const ceremony = openCeremony(input.ceremony, "sign-in", input.key, input.now);
  if (ceremony.rpId !== rp.id || ceremony.origin !== rp.origin)
    throw new PasskeyRefusal("ceremony_invalid", "The passkey request is not valid here; try again");
  const at = new Date(input.now).toISOString();
  if (!(await store.useChallenge(challengeHash(ceremony.challenge), new Date(ceremony.expiresAt).toISOString(), at)))
    throw new PasskeyRefusal("ceremony_used", "This passkey request was already answered; try again");

  const passkey = await store.findByCredentialId(answer.id);
  const handle = answer.response.userHandle;
  const handleMatches =
    passkey !== undefined &&
    (handle === undefined || handle === Buffer.from(userHandleOf(passkey.personId)).toString("base64url"));
  if (!passkey || !handleMatches) throw new PasskeyRefusal("unknown_passkey", "This passkey is not registered here");

  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>> | undefined;
  try {
    verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // Counter 0 here: the library would test the counter before the signature, and a forged
      // answer must not be reported as a cloned authenticator. It is tested below, once signed.
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: 0,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    verified = undefined;
  }
  if (!verified?.verified)
    throw new PasskeyRefusal("answer_invalid", "The passkey could not be verified", passkey.personId);

  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  const regressed = () =>
    new PasskeyRefusal("counter_regressed", "This passkey's answer was already used; try again", passkey.personId);
  if (!counterAdvances(passkey.counter, newCounter)) throw regressed();
  // The store tests the counter again as it writes: of two instances given the same answer, one wins.
  if (!(await store.recordUse(passkey.id, { counter: newCounter, backedUp: credentialBackedUp, at })))
    throw regressed();
  return { ...passkey, counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: at };
}
