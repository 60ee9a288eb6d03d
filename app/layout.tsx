import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/layout/site-footer";
import { MainLandmark } from "@/components/layout/main-landmark";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";
import "./globals.css";

export const metadata: Metadata = {
  title: { template: "%s · Pet Store", default: "Pet Store" },
  description: "Meet the animals looking for a home at the Pet Store, and help shelter staff keep the list up to date.",
  applicationName: "Pet Store",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fafaf9" },
    { media: "(prefers-color-scheme: dark)", color: "#0c0a09" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: the CSP nonce from proxy.ts is new each time, and a
  // page prerendered at build time would carry scripts without it, which CSP blocks.
  await connection();
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col bg-stone-50 text-stone-900 antialiased dark:bg-stone-950 dark:text-stone-100">
        <SkipLink />
        <SiteHeader />
        {/* min-w-0: a flex item would otherwise grow to its widest content and scroll sideways. */}
        <MainLandmark className="mx-auto w-full min-w-0 max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
          {children}
        </MainLandmark>
        <SiteFooter />
      </body>
    </html>
  );
}
