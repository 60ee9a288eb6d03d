import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { MainLandmark } from "@/components/layout/main-landmark";
import { SiteFrame, siteBodyClass } from "@/components/layout/site-frame";
import { SITE_DESCRIPTION, SITE_NAME, THEME_COLORS } from "@/components/layout/site-metadata";
import "./globals.css";

export const metadata: Metadata = {
  title: { template: `%s · ${SITE_NAME}`, default: SITE_NAME },
  description: SITE_DESCRIPTION,
  applicationName: SITE_NAME,
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  colorScheme: "light dark",
  themeColor: THEME_COLORS,
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: the CSP nonce from proxy.ts is new each time, and a
  // page prerendered at build time would carry scripts without it, which CSP blocks.
  await connection();
  return (
    <html lang="en">
      <body className={siteBodyClass}>
        <SiteFrame Main={MainLandmark}>{children}</SiteFrame>
      </body>
    </html>
  );
}
