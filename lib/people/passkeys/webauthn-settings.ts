import { COSEALG } from "@simplewebauthn/server/helpers";

/**
 * The signature algorithms offered and accepted, named rather than left to the library's
 * default, which adds ML-DSA where the runtime has it: instances on different Node versions
 * must agree. EdDSA and ES256 cover platform authenticators and security keys; RS256 is
 * Windows Hello's.
 */
export const SUPPORTED_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/**
 * The WebAuthn user handle: the person's opaque id, never their e-mail (an authenticator may
 * show or keep the handle). A discoverable passkey hands it back at sign-in.
 */
export function userHandleOf(personId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(personId, "utf8"));
}
