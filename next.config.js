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
  // The migration runner loads SQL files from disk at run time (and pulls in a module
  // loader of its own): it runs from node_modules as is, not bundled. `pg` is external by default.
  serverExternalPackages: ["node-pg-migrate"],
};

module.exports = nextConfig;
