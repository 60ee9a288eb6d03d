import { queryOptions } from "@tanstack/react-query";
import { listPeopleWithKey } from "@/lib/api-client/people-api";

/** Staff accounts: one list, invalidated after any change. */
export const peopleKeys = {
  all: ["people"] as const,
  list: () => [...peopleKeys.all, "list"] as const,
};

export function peopleOptions(apiKey: string) {
  return queryOptions({ queryKey: peopleKeys.list(), queryFn: () => listPeopleWithKey(apiKey) });
}
