import { readApiError } from "./read-api-error";

/**
 * True when /v1 accepts the key, false when it answers 401; other failures throw.
 * Kept apart from staff-api.ts so the sign-in screen loads without zod.
 */
export async function isApiKeyAccepted(apiKey: string): Promise<boolean> {
  // /v1/me needs no scope: a key that may only add pets signs in too.
  const response = await fetch("/v1/me", {
    headers: { Authorization: `Bearer ${apiKey}`, Accept: "application/json" },
    cache: "no-store",
  });
  if (response.status === 401) return false;
  if (!response.ok) throw await readApiError(response);
  return true;
}
