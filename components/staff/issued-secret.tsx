"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { ApiKeyWithSecret } from "@/lib/keys/schemas";
import { secondaryButton } from "@/components/ui/styles";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/** A key just issued: its secret, shown this once; focus moves here so the news is not missed. */
export function IssuedSecret({ issued, onDone }: { issued: ApiKeyWithSecret; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const id = useId();

  useEffect(() => heading.current?.focus(), [issued.id]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(issued.secret);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  }

  return (
    <div
      role="region"
      aria-labelledby={id}
      className="mt-4 rounded-lg border border-amber-600 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <h3 id={id} ref={heading} tabIndex={-1} className="font-semibold">
        The key “{issued.name}”: copy it now, you will not see it again
      </h3>
      <p className="mt-1 text-sm">Only its fingerprint is kept. If it is lost, revoke it and issue another.</p>
      <code className="mt-2 block font-mono break-all">{issued.secret}</code>
      <p role="status" className="mt-1 min-h-5 text-sm">
        {copied === "yes" ? "Copied." : copied === "no" ? "Could not copy: select the key and copy it by hand." : ""}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={`${secondaryButton} ${small}`} onClick={() => void copy()}>
          Copy the key
        </button>
        <button type="button" className={`${secondaryButton} ${small}`} onClick={onDone}>
          I have stored it
        </button>
      </div>
    </div>
  );
}
