"use client";

import { useEffect, useId, useRef, useState } from "react";
import { issueCalendarTokenWithKey } from "@/lib/api-client/due-api";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { secondaryButton } from "@/components/ui/styles";
import { smallButton } from "./form-toggle";

/**
 * The due list as a calendar subscription: the feed's address holds a token issued to the
 * caller, shown once (the server keeps only its digest); asking again replaces it, so an old
 * subscription stops (docs/decisions/249).
 */
export function CalendarFeedLink({ apiKey, onUnauthorized }: { apiKey: string; onUnauthorized: () => void }) {
  const [link, setLink] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    if (link) heading.current?.focus();
  }, [link]);

  async function issue() {
    setBusy(true);
    setProblem(null);
    setCopied(null);
    try {
      setLink(await issueCalendarTokenWithKey(apiKey));
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      setProblem(`The link could not be made: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <h3 id={`${id}-title`} className="text-xl font-semibold">
        Calendar feed
      </h3>
      <p className="text-stone-700 dark:text-stone-300">
        Subscribe a calendar to what is due. A new link replaces your last one, whose subscription then stops.
      </p>
      <div>
        <button
          type="button"
          disabled={busy}
          className={`${secondaryButton} ${smallButton}`}
          onClick={() => void issue()}
        >
          {link ? "Get a new calendar link" : "Get the calendar feed link"}
        </button>
      </div>
      <p role="alert" className="text-sm font-semibold text-red-800 empty:hidden dark:text-red-300">
        {problem}
      </p>
      {link ? (
        <div
          role="region"
          aria-labelledby={`${id}-link`}
          className="rounded-lg border border-amber-600 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          <h4 id={`${id}-link`} ref={heading} tabIndex={-1} className="font-semibold">
            Your calendar link: copy it now, it is shown only once
          </h4>
          <code className="mt-2 block font-mono break-all">{link}</code>
          <p role="status" className="mt-1 min-h-5 text-sm">
            {copied === "yes"
              ? "Copied."
              : copied === "no"
                ? "Could not copy: select the link and copy it by hand."
                : ""}
          </p>
          <button type="button" className={`${secondaryButton} ${smallButton} mt-2`} onClick={() => void copy(link)}>
            Copy the link
          </button>
        </div>
      ) : null}
    </section>
  );
}
