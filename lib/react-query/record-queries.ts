import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { getDueListWithKey } from "@/lib/api-client/due-api";
import {
  getHealthFactsWithKey,
  listMedicalEntriesWithKey,
  listTreatmentItemsWithKey,
} from "@/lib/api-client/medical-api";
import { listCategorySpeciesWithKey } from "@/lib/api-client/species-api";
import { listPetStaysWithKey } from "@/lib/api-client/stays-api";
import { petKeys } from "./query-keys";
import { retryStaffRead, staffRetryDelay } from "./retry";

/**
 * The animal's record (issue 41): one key scheme, so a write invalidates what it changed. The
 * due list hangs under medical: marking one given changes the animal's entries and the list.
 */
export const recordKeys = {
  all: ["record"] as const,
  stays: (petId: number) => [...recordKeys.all, "stays", petId] as const,
  medical: () => [...recordKeys.all, "medical"] as const,
  entries: (petId: number) => [...recordKeys.medical(), "entries", petId] as const,
  health: (petId: number) => [...recordKeys.medical(), "health", petId] as const,
  items: () => [...recordKeys.medical(), "items"] as const,
  due: () => [...recordKeys.medical(), "due"] as const,
  species: () => [...recordKeys.all, "species"] as const,
};

const staffRead = { staleTime: 0, retry: retryStaffRead, retryDelay: staffRetryDelay };

export const staysOptions = (apiKey: string, petId: number) =>
  queryOptions({ queryKey: recordKeys.stays(petId), queryFn: () => listPetStaysWithKey(apiKey, petId), ...staffRead });

export const medicalEntriesOptions = (apiKey: string, petId: number) =>
  queryOptions({
    queryKey: recordKeys.entries(petId),
    queryFn: () => listMedicalEntriesWithKey(apiKey, petId),
    ...staffRead,
  });

export const healthFactsOptions = (apiKey: string, petId: number) =>
  queryOptions({
    queryKey: recordKeys.health(petId),
    queryFn: () => getHealthFactsWithKey(apiKey, petId),
    ...staffRead,
  });

/** The shelter's treatment list changes rarely: read once a minute at most. */
export const treatmentItemsOptions = (apiKey: string) =>
  queryOptions({
    queryKey: recordKeys.items(),
    queryFn: () => listTreatmentItemsWithKey(apiKey),
    ...staffRead,
    staleTime: 60_000,
  });

export const dueListOptions = (apiKey: string) =>
  queryOptions({ queryKey: recordKeys.due(), queryFn: () => getDueListWithKey(apiKey), ...staffRead });

export const categorySpeciesOptions = (apiKey: string) =>
  queryOptions({ queryKey: recordKeys.species(), queryFn: () => listCategorySpeciesWithKey(apiKey), ...staffRead });

/** After a stay changes: the stays, and the pet lists (an outcome may change what staff see of it). */
export function refreshAfterStayChange(queryClient: QueryClient, petId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: recordKeys.stays(petId) }),
    queryClient.invalidateQueries({ queryKey: recordKeys.due() }),
    queryClient.invalidateQueries({ queryKey: petKeys.staff() }),
  ]);
}
