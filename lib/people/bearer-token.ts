import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The console's bearer for /v1, derived from its session: `pst_<session hex>_<HMAC>`. /v1
 * stays bearer-only, and the session's own token stays in its HttpOnly cookie; the console
 * asks for this bearer with the cookie (POST /auth/token) and keeps it in the tab. It is
 * good exactly as long as its session: every use checks the session and its person, so
 * signing out or a deactivation ends it on the next request, on every instance. The HMAC
 * lets a forged or mistyped token be refused before any look-up (docs/decisions/189).
 */

const PREFIX = "pst_";
const SHAPE = /^pst_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export function bearerFor(sessionId: string, signingKey: Buffer): string {
  const hex = sessionId.slice("ses_".length);
  return `${PREFIX}${hex}_${mac(hex, signingKey).toString("base64url")}`;
}

/** True when `token` has the console bearer's prefix: only those are checked against sessions. */
export function isConsoleBearer(token: string): boolean {
  return token.startsWith(PREFIX);
}

/** The session id a genuine bearer names; undefined for a malformed or forged one. */
export function sessionIdOf(token: string, signingKey: Buffer): string | undefined {
  const match = SHAPE.exec(token);
  const [, hex, signature] = match ?? [];
  if (!hex || !signature) return undefined;
  const presented = Buffer.from(signature, "base64url");
  const expected = mac(hex, signingKey);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
  return `ses_${hex}`;
}

function mac(sessionHex: string, signingKey: Buffer): Buffer {
  return createHmac("sha256", signingKey).update(`console-bearer:${sessionHex}`).digest();
}
