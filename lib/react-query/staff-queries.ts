import { infiniteQueryOptions, mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { NewPet } from "@/lib/pets/schemas";
import { ApiError } from "@/lib/api/api-error";
import { petKeys } from "./query-keys";
import { createPetWithKey, getMeWithKey, listPetsWithKey, type StaffPetsPage } from "@/lib/api-client/staff-api";
import type { StaffView } from "@/components/staff/staff-view";

/** Client errors (a bad key, a bad request) will not fix themselves: only retry the rest. */
function retryServerErrors(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

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
    retry: retryServerErrors,
  });
}

/** The signed-in key's name, scopes and expiry, which decide what the console offers. */
export function staffMeOptions(apiKey: string | null) {
  return queryOptions({
    queryKey: petKeys.staffMe(),
    queryFn: () => getMeWithKey(apiKey ?? ""),
    enabled: Boolean(apiKey),
    retry: retryServerErrors,
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
