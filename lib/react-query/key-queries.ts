import { queryOptions } from "@tanstack/react-query";
import { listKeysWithKey } from "@/lib/api-client/keys-api";

/** The issued API keys, invalidated after each issue or revocation. */
export const apiKeyKeys = {
  all: ["api-keys"] as const,
};

export function apiKeysOptions(apiKey: string) {
  return queryOptions({ queryKey: apiKeyKeys.all, queryFn: () => listKeysWithKey(apiKey) });
}
