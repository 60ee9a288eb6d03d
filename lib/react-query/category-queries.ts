import { queryOptions } from "@tanstack/react-query";
import { listCategoriesWithKey } from "@/lib/api-client/categories-api";

export const categoryKeys = { all: ["categories"] as const };

/** The named categories, for names in the staff table and the add-a-pet form's choice. */
export function categoriesOptions(apiKey: string) {
  return queryOptions({
    queryKey: categoryKeys.all,
    queryFn: () => listCategoriesWithKey(apiKey),
    staleTime: 60_000,
  });
}
