"use client";

import "@scalar/api-reference/style.css";
import "./api-reference.css";
import "@/lib/api-client/zod-without-eval";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { touchUpScalarAccessibility } from "./touch-up-scalar-accessibility";
import { REFERENCE_CONFIGURATION } from "./reference-configuration";
import { whenScalarHasRendered } from "./when-scalar-has-rendered";

/**
 * Mounts Scalar's API reference (a Vue app) into a div once the page is in the browser:
 * it renders from the served /v1/openapi.json, so the reference is always the live contract.
 * Until it has rendered, `outline` (the server-rendered outline of the same document) shows;
 * the two swap in the task in which Scalar has the document, so only one main landmark is
 * ever shown (docs/decisions/149). Scalar brings its own <main> (see
 * components/layout/main-landmark.tsx).
 */
export function ApiReference({ outline }: { outline: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const outlineBox = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let unmounted = false;
    let destroy: (() => void) | undefined;
    const stopTouchUps = touchUpScalarAccessibility(element);
    const stopWatching = whenScalarHasRendered(element, () => {
      // Swapped at once, before the browser paints; React drops the outline on its next render.
      outlineBox.current?.setAttribute("hidden", "");
      element.hidden = false;
      setRendered(true);
    });
    void import("@scalar/api-reference").then(({ createApiReference }) => {
      if (unmounted) return;
      const reference = createApiReference(element, REFERENCE_CONFIGURATION);
      destroy = () => reference.destroy();
    });
    return () => {
      unmounted = true;
      stopTouchUps();
      stopWatching();
      destroy?.();
    };
  }, []);

  return (
    <>
      {!rendered && <div ref={outlineBox}>{outline}</div>}
      {/* Hidden until it has the document: Scalar's <main> exists, empty, from its mount. */}
      <div ref={container} hidden={!rendered} />
    </>
  );
}
