import { apiErrorFrom } from "./read-api-error";
import { v1Client } from "./v1-client";

/**
 * True when /v1 accepts the key, false when it answers 401; other failures throw.
 * Kept apart from staff-api.ts so the sign-in screen loads without zod.
 */
export async function isApiKeyAccepted(apiKey: string): Promise<boolean> {
  // /v1/me needs no scope: a key that may only add pets signs in too.
  const { error, response } = await v1Client(apiKey).GET("/me", { cache: "no-store" });
  if (response.status === 401) return false;
  if (!response.ok) throw apiErrorFrom(response.status, error);
  return true;
}
