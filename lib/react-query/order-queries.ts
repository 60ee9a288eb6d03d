import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { isOpenOrder, type OrderStatus } from "@/lib/orders/schemas";
import type { Pet, PetStatus } from "@/lib/pets/schemas";
import { listOrdersWithKey, type OrdersPage } from "@/lib/api-client/orders-api";
import type { StaffPetsPage } from "@/lib/api-client/staff-api";
import { getPetWithKey } from "@/lib/api-client/order-details-api";
import { orderKeys, petKeys } from "./query-keys";
import { retryStaffRead, staffRetryDelay } from "./retry";

/** The open order of a pending pet (its newest order, if open), for the row's actions. */
export function openOrderOptions(apiKey: string, petId: number) {
  return queryOptions({
    queryKey: orderKeys.openFor(petId),
    queryFn: async () => {
      const { orders } = await listOrdersWithKey(apiKey, { petId, limit: 1 });
      const newest = orders[0];
      return newest && isOpenOrder(newest.status) ? newest : null;
    },
    staleTime: 0,
    retry: retryStaffRead,
    retryDelay: staffRetryDelay,
  });
}

/** One pet, for the names in the orders and applications views: read once per pet while the console is open (docs/decisions/157). */
export function staffPetOptions(apiKey: string, petId: number) {
  return queryOptions({
    queryKey: [...petKeys.staff(), "one", petId],
    queryFn: () => getPetWithKey(apiKey, petId),
    staleTime: 60_000,
    retry: false,
  });
}

/** The orders view: one status (or all), newest first, following the Link cursor. */
export function staffOrdersOptions(apiKey: string, view: { status?: OrderStatus; limit: number }) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(view),
    queryFn: ({ pageParam }) => listOrdersWithKey(apiKey, { ...view, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage: OrdersPage) => lastPage.nextCursor,
    staleTime: 0,
    // A new view keeps the last list on screen until it loads (or while the server is away).
    placeholderData: keepPreviousData,
    retry: retryStaffRead,
    retryDelay: staffRetryDelay,
  });
}

type PetPages = InfiniteData<StaffPetsPage, string | undefined>;

/**
 * Shows a pet's new status in every cached staff list at once, before the API answers;
 * returns how to put the lists back if it refuses (a 409: someone else was first).
 */
export async function showPetStatus(queryClient: QueryClient, petId: number, status: PetStatus) {
  await queryClient.cancelQueries({ queryKey: petKeys.staffLists() });
  const before = queryClient.getQueriesData<PetPages>({ queryKey: petKeys.staffLists() });
  queryClient.setQueriesData<PetPages>({ queryKey: petKeys.staffLists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            pets: page.pets.map((pet): Pet => (pet.id === petId ? { ...pet, status } : pet)),
          })),
        }
      : data,
  );
  return () => {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
  };
}

/** After any order change: pets and orders are re-read from the API. */
export function refreshAfterOrderChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: petKeys.all }),
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  ]);
}

type OrderPages = InfiniteData<OrdersPage, string | undefined>;

/**
 * Shows an order's new status in every cached orders list at once, before the API answers;
 * returns how to put the lists back if it refuses (a 409: someone else was first).
 */
export async function showOrderStatus(queryClient: QueryClient, orderId: number, status: OrderStatus) {
  await queryClient.cancelQueries({ queryKey: orderKeys.lists() });
  const before = queryClient.getQueriesData<OrderPages>({ queryKey: orderKeys.lists() });
  queryClient.setQueriesData<OrderPages>({ queryKey: orderKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            orders: page.orders.map((order) => (order.id === orderId ? { ...order, status } : order)),
          })),
        }
      : data,
  );
  return () => {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
  };
}
