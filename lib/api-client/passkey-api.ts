import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { call as callAuth, type SignedIn } from "./auth-api";

/*
 * The console's passkeys (lib/people/passkeys/passkey-api.ts): each ceremony asks the server
 * for options and a signed token, lets the browser ask the authenticator, and sends the answer
 * back with the token. Same-origin fetches, so the session cookie and an Origin go along.
 * @simplewebauthn/browser loads when a ceremony starts, not with the sign-in screen.
 */

/** A passkey as the person's list shows it. */
export interface OwnPasskey {
  id: string;
  name: string;
  deviceType: "singleDevice" | "multiDevice";
  backedUp: boolean;
  createdAt: string;
  lastUsedAt?: string;
}

const call = <Answer>(method: string, path: string, body?: unknown) => callAuth(method, path, body) as Promise<Answer>;

/**
 * Whether this page can use passkeys: the browser has WebAuthn, and the site was opened by a
 * host name (WebAuthn takes no IP address as the site's id: http://localhost works,
 * http://127.0.0.1 does not).
 */
export function passkeysAvailableHere(): boolean {
  return typeof window.PublicKeyCredential === "function" && !/^[\d.]+$|^\[|:/.test(window.location.hostname);
}

export const listOwnPasskeys = () => call<OwnPasskey[]>("GET", "/passkeys");
export const removeOwnPasskey = (id: string) => call<void>("DELETE", `/passkeys/${encodeURIComponent(id)}`);

/** Asks the authenticator for a new passkey and stores it under `name`. */
export async function addPasskey(name: string): Promise<OwnPasskey> {
  const { options, ceremony } = await call<{ options: PublicKeyCredentialCreationOptionsJSON; ceremony: string }>(
    "POST",
    "/passkeys/options",
  );
  const { startRegistration } = await import("@simplewebauthn/browser");
  const answer = await startRegistration({ optionsJSON: options });
  return call<OwnPasskey>("POST", "/passkeys", { ceremony, answer, name });
}

/** Signs in with a passkey the browser offers; no e-mail needed. */
export async function signInWithPasskey(): Promise<SignedIn> {
  const { options, ceremony } = await call<{ options: PublicKeyCredentialRequestOptionsJSON; ceremony: string }>(
    "POST",
    "/passkey-sign-in/options",
  );
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const answer = await startAuthentication({ optionsJSON: options });
  return call<SignedIn>("POST", "/passkey-sign-in", { ceremony, answer });
}

/** What to tell a person whose browser's passkey prompt ended without a passkey; undefined for other failures. */
export function passkeyPromptMessage(failure: unknown): string | undefined {
  // The library's WebAuthnError carries an ERROR_… code; browsers reject a cancelled or
  // timed-out prompt with NotAllowedError.
  const code = (failure as { code?: unknown } | null)?.code;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return "This device already holds a passkey for your account.";
  const prompt = typeof code === "string" && code.startsWith("ERROR_");
  if (prompt || (failure instanceof DOMException && failure.name === "NotAllowedError"))
    return "No passkey was used: the request was cancelled or timed out.";
  return undefined;
}
