import { infiniteQueryOptions, keepPreviousData } from "@tanstack/react-query";
import { listAuditWithKey, type AuditPage } from "@/lib/api-client/audit-api";
import { retryStaffRead, staffRetryDelay } from "./retry";

/** The Activity view's pages, one list per filter. */
export const auditKeys = {
  all: ["audit"] as const,
  list: (query: Record<string, string | number>) => [...auditKeys.all, "list", query] as const,
};

/** Who did what, newest first, following the Link cursor; fresh each time the view opens. */
export function auditOptions(apiKey: string, query: Record<string, string | number> & { limit: number }) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ pageParam }) => listAuditWithKey(apiKey, { ...query, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage: AuditPage) => lastPage.nextCursor,
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: retryStaffRead,
    retryDelay: staffRetryDelay,
  });
}
