import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryClient } from "@tanstack/react-query";
import {
  listApplicationsWithKey,
  type ApplicationsPage,
  type ApplicationsQuery,
  type NextPage,
} from "@/lib/api-client/applications-api";
import { getOrderWithKey } from "@/lib/api-client/orders-api";
import { orderKeys, petKeys } from "./query-keys";
import { retryStaffRead, staffRetryDelay } from "./retry";

/** Applications: every list and each animal's approved one, invalidated together after any change. */
export const applicationKeys = {
  all: ["applications"] as const,
  list: (view: ApplicationsQuery) =>
    [
      ...applicationKeys.all,
      "list",
      { state: view.state ?? "all", petId: view.petId ?? 0, olderThanDays: view.olderThanDays ?? 0, limit: view.limit },
    ] as const,
  holderOf: (petId: number) => [...applicationKeys.all, "holder", petId] as const,
};

/** The Applications view: one state (or all), newest first, following the Link cursor. */
export function applicationsOptions(apiKey: string, view: ApplicationsQuery) {
  return infiniteQueryOptions({
    queryKey: applicationKeys.list(view),
    queryFn: ({ pageParam }) => listApplicationsWithKey(apiKey, view, pageParam),
    initialPageParam: undefined as NextPage | undefined,
    getNextPageParam: (lastPage: ApplicationsPage) => lastPage.next,
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: retryStaffRead,
    retryDelay: staffRetryDelay,
  });
}

/** The approved application that holds an animal, if one does: the others for it are backups. */
export function holderOptions(apiKey: string, petId: number) {
  return queryOptions({
    queryKey: applicationKeys.holderOf(petId),
    queryFn: async () => {
      const { applications } = await listApplicationsWithKey(apiKey, { petId, state: "approved", limit: 1 });
      return applications[0] ?? null;
    },
    staleTime: 0,
    retry: retryStaffRead,
    retryDelay: staffRetryDelay,
  });
}

/** The order an approval placed, to tell an adoption under way from one completed (which the application can no longer undo). */
export function approvalOrderOptions(apiKey: string, orderId: number) {
  return queryOptions({
    queryKey: [...orderKeys.all, "one", orderId],
    queryFn: () => getOrderWithKey(apiKey, orderId),
    staleTime: 0,
    retry: retryStaffRead,
    retryDelay: staffRetryDelay,
  });
}

/** After any application change: applications, pets and orders are re-read (approval places an order). */
export function refreshAfterApplicationChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
    queryClient.invalidateQueries({ queryKey: petKeys.all }),
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  ]);
}
