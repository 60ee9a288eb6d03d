"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/**
 * A main-navigation link that tells assistive technology which page is open. A plain <a>,
 * not next/link: the adopters' pages and the staff console are served by different routers
 * (docs/decisions/107), so no client-side navigation joins them, and a plain link never
 * prefetches the console for every adopter.
 */
/** "page" on the link's own page, "true" anywhere else in its section (`/pets/…` is Adopt's). */
function currentOf(pathname: string, href: string): "page" | "true" | undefined {
  if (pathname === href) return "page";
  const section = href === "/" ? ["/pets/"] : [`${href}/`];
  return section.some((prefix) => pathname.startsWith(prefix)) ? "true" : undefined;
}

export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const current = currentOf(usePathname() ?? "", href);
  return (
    <a
      href={href}
      aria-current={current}
      className={`rounded-md px-3 py-2 text-sm font-medium ${
        current
          ? "bg-teal-50 text-teal-900 dark:bg-teal-950 dark:text-teal-100"
          : "text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
      }`}
    >
      {children}
    </a>
  );
}
