"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { primaryButton } from "@/components/ui/styles";
import { touchUpScalarAccessibility } from "./touch-up-scalar-accessibility";

/**
 * Scalar's API reference (a Vue app), mounted into a div when the reader asks for it
 * (docs/decisions/220): its 1.3 MB of script cost every visitor of /docs two seconds of a
 * busy main thread, while the server-rendered outline (`outline`, decision 180) already
 * answers most visits. It renders from the served /v1/openapi.json, so it is always the live
 * contract, and brings its own <main> (components/layout/main-landmark.tsx). A link into the
 * reference (/docs#tag/…, an anchor the outline does not have) is asking for it.
 */
export function ApiReference({ outline }: { outline: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const [asked, setAsked] = useState(false);
  const [drawn, setDrawn] = useState(false);
  // The server's button is disabled until this script runs: a press before hydration would do
  // nothing (React attaches no handler yet), so the button says so instead of swallowing it.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHydrated(true);
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    // Set from the address once the page is in the browser: the server cannot see a fragment.
    if (anchor && !document.getElementById(anchor)) setAsked(true);
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!asked || !element) return;
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
    void import("./scalar-mount").then(({ mountScalar }) => {
      if (!unmounted) destroy = mountScalar(element);
    });
    return () => {
      unmounted = true;
      stopTouchUps();
      whenDrawn.disconnect();
      destroy?.();
    };
  }, [asked]);

  // Until drawn, Scalar lays itself out unseen and out of the flow; then it and the outline
  // swap in one commit, so nothing that was on screen moves (no layout shift).
  return (
    <div className="relative">
      {!drawn && (
        <>
          {/* A named region: the page's landmarks are the outline's <main> and, later, Scalar's.
              Without scripting (CSS media feature `scripting`) the button could never act. */}
          <section aria-label="Interactive reference" className="mb-6 [@media(scripting:none)]:hidden">
            <button
              type="button"
              onClick={() => setAsked(true)}
              disabled={asked || !hydrated}
              aria-describedby="open-reference-hint"
              className={primaryButton}
            >
              {asked ? "Loading the interactive reference…" : "Open the interactive reference"}
            </button>{" "}
            <span id="open-reference-hint" className="text-stone-700 dark:text-stone-300">
              Examples and a place to try each operation (about 1.3 MB).
            </span>
          </section>
          {outline}
        </>
      )}
      <div ref={container} className={drawn ? undefined : "invisible absolute inset-x-0 top-0"} />
    </div>
  );
}
