import { NextResponse, type NextRequest } from "next/server";
import { isMalformedPath, malformedPathResponse } from "@/lib/api/malformed-path";

/**
 * Security headers for pages. The Content-Security-Policy allows nothing from other
 * origins; Next's inline bootstrap scripts carry a per-request nonce, which Next reads
 * from the request's CSP header and stamps on every script it renders (Next 16 CSP guide).
 * 'strict-dynamic' lets those trusted scripts load the page's chunks.
 */
export function proxy(request: NextRequest) {
  // Only /v1 paths with a suspicious percent-escape reach here (see the matcher).
  if (request.nextUrl.pathname.startsWith("/v1/")) {
    return isMalformedPath(request.nextUrl.pathname) ? malformedPathResponse(request) : NextResponse.next();
  }
  const nonce = btoa(crypto.randomUUID());
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("X-Content-Type-Options", "nosniff");
  response.headers.set("Referrer-Policy", "no-referrer");
  response.headers.set("Cross-Origin-Opener-Policy", "same-origin");
  response.headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  return response;
}

function contentSecurityPolicy(nonce: string, isDev: boolean): string {
  return [
    "default-src 'self'",
    // React only uses eval in development, to rebuild server error stacks.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
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
    {
      // Pages only: the API (/v1, /healthz) and static files never pay for this work.
      source: "/((?!v1(?:/|$)|healthz|_next/static|_next/image|favicon|icon).*)",
      // Router prefetches carry no HTML to protect, as the Next CSP guide recommends.
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
