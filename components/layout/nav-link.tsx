"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** A main-navigation link that tells assistive technology which page is open. */
export function NavLink({ href, prefetch, children }: { href: string; prefetch?: false; children: ReactNode }) {
  const current = usePathname() === href;
  return (
    <Link
      href={href}
      prefetch={prefetch}
      aria-current={current ? "page" : undefined}
      className={`rounded-md px-3 py-2 text-sm font-medium ${
        current
          ? "bg-teal-50 text-teal-900 dark:bg-teal-950 dark:text-teal-100"
          : "text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
      }`}
    >
      {children}
    </Link>
  );
}
