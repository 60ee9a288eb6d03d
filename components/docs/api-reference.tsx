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
 * It brings its own <main> (see components/layout/main-landmark.tsx). Until it has drawn its
 * <main>, `outline` (the server-rendered outline) stands in for it.
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
      if (!element.querySelector("main")) return;
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

  return (
    <>
      {!drawn && outline}
      <div ref={container} />
    </>
  );
}
