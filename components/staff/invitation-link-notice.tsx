"use client";

import { useEffect, useId, useRef, useState } from "react";
import { secondaryButton } from "@/components/ui/styles";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/**
 * A person's new invitation (or password reset) link, shown this once: the server keeps only
 * its hash. It takes focus when it appears, so a screen reader reads it out at once.
 */
export function InvitationLinkNotice({ name, url, onDismiss }: { name: string; url: string; onDismiss: () => void }) {
  const region = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);

  // Each link gets a notice of its own (the parent keys it by the URL): a fresh "Copied".
  useEffect(() => {
    region.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      setCopied("failed"); // no clipboard permission (an http site, an old browser): select it by hand
    }
  }

  return (
    <div
      ref={region}
      tabIndex={-1}
      role="region"
      aria-labelledby={headingId}
      className="mt-2 rounded-lg border border-amber-600 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <h3 id={headingId} className="font-semibold">
        Sign-in link for {name}
      </h3>
      <p className="mt-1">
        Send this link to them yourself; it works for 7 days. It is not shown again: a lost link needs a new one.
      </p>
      <label className="mt-3 block text-sm font-semibold">
        Link for {name}
        <input
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="mt-1 block h-9 w-full rounded-lg border border-amber-600 bg-white px-2 font-mono text-sm text-stone-900 dark:bg-stone-900 dark:text-stone-100"
        />
      </label>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className={`${secondaryButton} ${small}`} onClick={copy}>
          Copy link
        </button>
        <button type="button" className={`${secondaryButton} ${small}`} onClick={onDismiss}>
          Done
        </button>
        <span role="status" className="text-sm">
          {copied === "yes" ? "Copied." : copied === "failed" ? "Could not copy: select the link and copy it." : ""}
        </span>
      </div>
    </div>
  );
}
