import { NextResponse, type NextRequest } from "next/server";
import { isMalformedPath, malformedPathResponse } from "@/lib/api/malformed-path";
import { NONCE_HEADER } from "@/lib/request-nonce";

/**
 * The per-request Content-Security-Policy for pages (the static security headers come
 * from next.config.js). It allows nothing from other origins; Next's inline bootstrap
 * scripts carry a per-request nonce, which Next reads from the request's CSP header and
 * stamps on every script it renders (Next 16 CSP guide). 'strict-dynamic' lets those
 * trusted scripts load the page's chunks.
 */
export function proxy(request: NextRequest) {
  // Only /v1 paths with a suspicious percent-escape reach here (see the matcher).
  if (request.nextUrl.pathname.startsWith("/v1/")) {
    return isMalformedPath(request.nextUrl.pathname) ? malformedPathResponse(request) : NextResponse.next();
  }
  const nonce = btoa(crypto.randomUUID());
  const policy = contentSecurityPolicy(nonce, {
    isDev: process.env.NODE_ENV === "development",
    inlineStyles: INLINE_STYLE_PAGES.has(request.nextUrl.pathname),
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set("Content-Security-Policy", policy);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

/**
 * The API reference (Scalar, a Vue app) sets inline `style` attributes and injects `<style>`
 * elements of its own and its editors'. A nonce can only vouch for elements, never for
 * attributes, so this one page allows inline styles; its scripts stay as strict as everywhere
 * else (decision 103). With 'unsafe-inline' a nonce must not be listed: it would void it.
 */
const INLINE_STYLE_PAGES = new Set(["/docs", "/docs/"]);

function contentSecurityPolicy(nonce: string, { isDev, inlineStyles }: { isDev: boolean; inlineStyles: boolean }) {
  return [
    "default-src 'self'",
    // React only uses eval in development, to rebuild server error stacks.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    inlineStyles ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const config = {
  matcher: [
    // /v1 paths with a "%" not followed by two hex digits, or escaping a non-ASCII byte:
    // the only ones Next's router may fail to decode (see lib/api/malformed-path.ts).
    "/v1/:rest(.*%(?:[89A-Fa-f][0-9A-Fa-f]|(?![0-9A-Fa-f]{2})).*)",
    // Everything but the API (/v1, /healthz) and the build's static files, which never pay
    // for this work. Each exclusion is a whole path or folder, so a 404 page such as
    // /healthz-nope or /icon-x still gets its policy. Prefetches are not skipped (unlike
    // the Next CSP guide's example): a prefetch of a page answers with the page's HTML.
    "/((?!(?:v1|photos|_next/static|_next/image)(?:/|$)|(?:healthz|icon\\.svg)/?$).*)",
  ],
};
