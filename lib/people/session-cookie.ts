import "server-only";
import { isSecureSite } from "@/lib/origin/site-origin";

/*
 * The session's cookie: HttpOnly (no script reads it), SameSite=Lax (other sites' requests
 * do not carry it, except top-level navigations, which change nothing), Path=/, and on an
 * https site Secure with the __Host- prefix, which also forbids a Domain attribute. On plain
 * http (a laptop, the tests) the prefix and Secure would make browsers drop it. Which one is
 * the public origin's to say (lib/origin/site-origin.ts), never a request's X-Forwarded-Proto.
 */
const SECURE_NAME = "__Host-petstore_session";
const PLAIN_NAME = "petstore_session";

export function sessionCookie(token: string, expiresAt: string): string {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  return attributes(`${cookieName()}=${token}`, maxAge);
}

export function clearedSessionCookie(): string {
  return attributes(`${cookieName()}=`, 0);
}

/** The session token the request's cookie carries, if any. */
export function sessionTokenOf(request: Request): string | undefined {
  const name = cookieName();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || undefined;
  }
  return undefined;
}

function cookieName(): string {
  return isSecureSite() ? SECURE_NAME : PLAIN_NAME;
}

function attributes(pair: string, maxAge: number): string {
  const secure = isSecureSite() ? "; Secure" : "";
  return `${pair}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}
