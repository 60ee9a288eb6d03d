import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { getStatsWithKey, listStatsMembersWithKey } from "@/lib/api-client/stats-api";
import { retryStaffRead, staffRetryDelay } from "./retry";

/**
 * The console's statistics (issue 42): a period's figures and one figure's stays. The key is
 * never part of a query key; sign-out removes these queries (statsKeys.all).
 */
export const statsKeys = {
  all: ["stats"] as const,
  figures: (period: string) => [...statsKeys.all, "figures", period] as const,
  members: (period: string, cell: string) => [...statsKeys.all, "members", period, cell] as const,
};

const staffRead = { staleTime: 0, retry: retryStaffRead, retryDelay: staffRetryDelay };

/** A period's figures; a new period keeps the last one's on screen until it loads. */
export const statsOptions = (apiKey: string, period: string) =>
  queryOptions({
    queryKey: statsKeys.figures(period),
    queryFn: () => getStatsWithKey(apiKey, period),
    placeholderData: keepPreviousData,
    ...staffRead,
  });

export const statsMembersOptions = (apiKey: string, period: string, cell: string) =>
  queryOptions({
    queryKey: statsKeys.members(period, cell),
    queryFn: () => listStatsMembersWithKey(apiKey, period, cell),
    ...staffRead,
  });
