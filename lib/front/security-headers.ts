import STATIC_SECURITY_HEADERS from "@/lib/static-security-headers.json";

/**
 * The static security headers, as lower-case names for Node's writeHead: the same set Next
 * adds to every answer under `next start` (next.config.js reads the same file), so the
 * front server's own answers (/v1, and the parse errors it answers itself) carry them too.
 */
export const SECURITY_HEADER_ENTRIES: readonly (readonly [string, string])[] = Object.entries(
  STATIC_SECURITY_HEADERS,
).map(([name, value]) => [name.toLowerCase(), value] as const);

/** Adds each static security header the answer does not set itself. */
export function addSecurityHeaders(headers: Record<string, string | string[]>): void {
  for (const [name, value] of SECURITY_HEADER_ENTRIES) if (!(name in headers)) headers[name] = value;
}
