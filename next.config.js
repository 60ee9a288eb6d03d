/** @type {import('next').NextConfig} */
const nextConfig = {
  // Nobody needs to learn the framework from a response header.
  poweredByHeader: false,
  reactStrictMode: true,
  // Lets a test or benchmark build into its own folder without touching a running server's.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

module.exports = nextConfig;
