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
};

module.exports = nextConfig;
