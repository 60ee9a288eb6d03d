"use client";

import "@scalar/api-reference/style.css";
import "./api-reference.css";
import "@/lib/api-client/zod-without-eval";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { touchUpScalarAccessibility } from "./touch-up-scalar-accessibility";
import { REFERENCE_CONFIGURATION } from "./reference-configuration";

/**
 * Mounts Scalar's API reference (a Vue app) into a div once the page is in the browser:
 * it renders from the served /v1/openapi.json, so the reference is always the live contract.
 * It brings its own <main> (see components/layout/main-landmark.tsx). Until it has drawn the
 * document into it, `outline` (the server-rendered outline) stands in for it.
 */
export function ApiReference({ outline }: { outline: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let unmounted = false;
    let destroy: (() => void) | undefined;
    const stopTouchUps = touchUpScalarAccessibility(element);
    const whenDrawn = new MutationObserver(() => {
      // Drawn once its <main> holds the document's title (an empty shell comes first).
      if (!element.querySelector("main h1")?.textContent?.trim()) return;
      whenDrawn.disconnect();
      setDrawn(true);
    });
    whenDrawn.observe(element, { childList: true, subtree: true });
    void import("@scalar/api-reference").then(({ createApiReference }) => {
      if (unmounted) return;
      const reference = createApiReference(element, REFERENCE_CONFIGURATION);
      destroy = () => reference.destroy();
    });
    return () => {
      unmounted = true;
      stopTouchUps();
      whenDrawn.disconnect();
      destroy?.();
    };
  }, []);

  // Until drawn, Scalar lays itself out unseen and out of the flow; then it and the outline
  // swap in one commit, so nothing that was on screen moves (no layout shift).
  return (
    <div className="relative">
      {!drawn && outline}
      <div ref={container} className={drawn ? undefined : "invisible absolute inset-x-0 top-0"} />
    </div>
  );
}
