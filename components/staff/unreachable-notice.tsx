import { isServerUnreachable } from "@/lib/api-client/server-unreachable";

/**
 * While a list's read cannot reach the server: say so above the list, which stays as last
 * loaded; the query keeps retrying by itself (lib/react-query/retry.ts).
 */
export function UnreachableNotice({ failureReason, what }: { failureReason: Error | null; what: string }) {
  return (
    <div role="status" className="min-h-0">
      {isServerUnreachable(failureReason) ? (
        <p className="mb-3 rounded-lg border border-amber-700/40 bg-amber-50 p-3 text-amber-950 dark:border-amber-300/40 dark:bg-amber-950 dark:text-amber-50">
          The server cannot be reached. The {what} below are as last loaded and nothing was changed; this page tries
          again by itself.
        </p>
      ) : null}
    </div>
  );
}
