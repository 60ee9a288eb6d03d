import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isSecureSite } from "@/lib/origin/site-origin";

/*
 * A browser that has signed in to an account before: OWASP's "device cookie" (Authentication
 * Cheat Sheet, "Slow down online guessing attacks with device cookies"). A successful sign-in
 * gives the browser a cookie signed for the e-mail it signed in with; the sign-in limits then
 * count that browser's failures for the account apart from everyone else's, so a stranger's
 * guesses, however many and from wherever, never lock it out (./sign-in-limits.ts,
 * docs/decisions/205). The cookie signs nobody in and grants nothing else: it only tells the
 * limits "this browser knew this account's password once".
 */

const SECURE_NAME = "__Host-petstore_device";
const PLAIN_NAME = "petstore_device";
/** A browser stays known this long after its last sign-in. */
export const TRUSTED_DEVICE_DAYS = 30;
const SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The cookie that marks this browser as known for `email` (normalized); a new id each sign-in. */
export function trustedDeviceCookie(email: string, signingKey: Buffer): string {
  const id = randomBytes(16).toString("base64url");
  const value = `${id}.${mac(id, email, signingKey).toString("base64url")}`;
  const secure = isSecureSite();
  const name = secure ? SECURE_NAME : PLAIN_NAME;
  return `${name}=${value}; Path=/; Max-Age=${TRUSTED_DEVICE_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The id of the request's device cookie when it was signed for `email`; undefined otherwise. */
export function trustedDeviceOf(request: Request, email: string, signingKey: Buffer): string | undefined {
  const name = isSecureSite() ? SECURE_NAME : PLAIN_NAME;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, value = ""] = part.trim().split("=");
    if (key !== name) continue;
    const [, id, signature] = SHAPE.exec(value) ?? [];
    if (!id || !signature) return undefined;
    const presented = Buffer.from(signature, "base64url");
    const expected = mac(id, email, signingKey);
    return presented.length === expected.length && timingSafeEqual(presented, expected) ? id : undefined;
  }
  return undefined;
}

function mac(id: string, email: string, signingKey: Buffer): Buffer {
  // The e-mail's digest, not the e-mail: nothing personal goes into what is signed or stored.
  const account = createHash("sha256").update(email).digest("hex");
  return createHmac("sha256", signingKey).update(`trusted-device:${id}:${account}`).digest();
}
