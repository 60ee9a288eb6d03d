import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  queryOptions,
  type QueryClient,
} from "@tanstack/react-query";
import type { NewPet } from "@/lib/pets/schemas";
import { retryStaffRead, staffRetryDelay } from "./retry";
import { petKeys } from "./query-keys";
import { createPetWithKey, getMeWithKey, listPetsWithKey, type StaffPetsPage } from "@/lib/api-client/staff-api";
import type { StaffView } from "@/components/staff/staff-view";

/**
 * The staff list for one view, following the Link rel="next" cursor. The key is not part
 * of the query key: it never belongs in a cache that devtools or logs could show, and the
 * data is the same for every valid key. Sign-out removes these queries instead.
 */
export function staffPetsOptions(apiKey: string | null, view: StaffView) {
  return infiniteQueryOptions({
    queryKey: petKeys.staffList(view),
    queryFn: ({ pageParam }) => listPetsWithKey(apiKey ?? "", { ...view, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage: StaffPetsPage) => lastPage.nextCursor,
    enabled: Boolean(apiKey),
    staleTime: 0,
    // A new view keeps the last list on screen until it loads (or while the server is away).
    placeholderData: keepPreviousData,
    retry: retryStaffRead,
    retryDelay: staffRetryDelay,
  });
}

/** The signed-in key's name, scopes and expiry, which decide what the console offers. */
export function staffMeOptions(apiKey: string | null) {
  return queryOptions({
    queryKey: petKeys.staffMe(),
    queryFn: () => getMeWithKey(apiKey ?? ""),
    enabled: Boolean(apiKey),
    retry: retryStaffRead,
    retryDelay: staffRetryDelay,
  });
}

export function createPetOptions(apiKey: string | null, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: [...petKeys.all, "create"],
    mutationFn: (newPet: NewPet) => createPetWithKey(apiKey ?? "", newPet),
    // Every list (staff views and the gallery) may now be missing the new pet.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.all }),
  });
}
