import { apiErrorFrom } from "./read-api-error";

/**
 * True when /v1 accepts the key, false when it answers 401; other failures throw.
 * Kept apart from staff-api.ts so the sign-in screen loads without zod; the typed client is
 * loaded when the form is sent, not with the screen (docs/decisions/105-typed-client.md).
 */
export async function isApiKeyAccepted(apiKey: string): Promise<boolean> {
  const { v1Client } = await import("./v1-client");
  // /v1/me needs no scope: a key that may only add pets signs in too.
  const { error, response } = await v1Client(apiKey).GET("/me", { cache: "no-store" });
  if (response.status === 401) return false;
  if (!response.ok) throw apiErrorFrom(response.status, error, response.headers);
  return true;
}
