import type { ComponentType, ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { SkipLink } from "./skip-link";

/** The body's classes, shared by the App Router's layout and the Pages Router's document. */
export const siteBodyClass = "bg-stone-50 text-stone-900 antialiased dark:bg-stone-950 dark:text-stone-100";

/**
 * Everything inside <body> around a page: the skip link, header, main and footer. The
 * staff console (App Router) and the adopters' pages (Pages Router, docs/decisions/107)
 * both render it, so the two routers draw one site. Its own flex column, not the body's:
 * the Pages Router puts a <div id="__next"> between the body and the page. `Main` draws the
 * #main wrapper: the App Router's layout passes MainLandmark, which yields <main> to the API
 * reference's own (docs/decisions/104).
 */
export function SiteFrame({
  children,
  Main = PlainMain,
  statsLink,
}: {
  children: ReactNode;
  Main?: MainWrapper;
  /** The footer links /stats (the adopters' pages, while the public statistics are on). */
  statsLink?: boolean;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      {/* min-w-0: a flex item would otherwise grow to its widest content and scroll sideways. */}
      <Main className="mx-auto w-full min-w-0 max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">{children}</Main>
      <SiteFooter statsLink={statsLink} />
    </div>
  );
}

type MainWrapper = ComponentType<{ className: string; children: ReactNode }>;

function PlainMain({ className, children }: { className: string; children: ReactNode }) {
  return (
    <main id="main" className={className}>
      {children}
    </main>
  );
}
