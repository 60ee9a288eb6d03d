"use client";

import { ErrorMessage, tryAgainClass } from "@/components/layout/error-message";

/** A page failed to render (the store was unreachable, for instance): say so, offer a retry. */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <ErrorMessage>
      <button type="button" onClick={reset} className={tryAgainClass}>
        Try again
      </button>
    </ErrorMessage>
  );
}
