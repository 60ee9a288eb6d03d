"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/**
 * Pages whose content brings its own <main>: the API reference (Scalar renders one around
 * the operations). The layout's wrapper is a plain <div> there, so the page has exactly one
 * main landmark and it is not nested in another (axe: landmark-no-duplicate-main,
 * landmark-main-is-top-level).
 */
const PAGES_WITH_THEIR_OWN_MAIN = new Set(["/docs", "/docs/"]);

export function MainLandmark({ className, children }: { className: string; children: ReactNode }) {
  const Wrapper = PAGES_WITH_THEIR_OWN_MAIN.has(usePathname() ?? "") ? "div" : "main";
  return (
    <Wrapper id="main" className={className}>
      {children}
    </Wrapper>
  );
}
