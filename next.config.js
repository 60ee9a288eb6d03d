/**
 * Security headers every response carries, pages, 404s, prefetches and the API alike: they
 * cost nothing per request (Next adds them while routing). One definition, which the front
 * server sends on its /v1 answers too (lib/front/write-response.ts). The one header that
 * changes per request, the nonce Content-Security-Policy, comes from proxy.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file Next loads as is
const SECURITY_HEADERS = Object.entries(require("./lib/static-security-headers.json")).map(([key, value]) => ({
  key,
  value,
}));

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Nobody needs to learn the framework from a response header.
  poweredByHeader: false,
  reactStrictMode: true,
  // Next would answer "/v1/pets/" with its own bodiless 308; instead the path is served
  // like "/v1/pets", so every /v1 answer stays JSON with the API's headers.
  skipTrailingSlashRedirect: true,
  // Lets a test or benchmark build into its own folder without touching a running server's.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  async headers() {
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
  // The migration runner loads SQL files from disk at run time (and pulls in a module
  // loader of its own): it runs from node_modules as is, not bundled. `pg` is external by default.
  serverExternalPackages: ["node-pg-migrate"],
};

module.exports = nextConfig;
