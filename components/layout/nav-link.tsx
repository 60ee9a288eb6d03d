"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/**
 * A main-navigation link that tells assistive technology which page is open. A plain <a>,
 * not next/link: the adopters' pages and the staff console are served by different routers
 * (docs/decisions/107), so no client-side navigation joins them, and a plain link never
 * prefetches the console for every adopter.
 */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const current = usePathname() === href;
  return (
    <a
      href={href}
      aria-current={current ? "page" : undefined}
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
