import { apiErrorFrom } from "./read-api-error";

/**
 * The console's plain-fetch call to an experimental /v1 operation (not yet worth the typed
 * v1Client): JSON in and out with the staff key, an ApiError for any refusal. Callers check
 * the answer against the zod schema the server answers from.
 */
export async function callV1(
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ json: unknown; response: Response }> {
  const response = await fetch(path, {
    method,
    cache: "no-store",
    headers: {
      Authorization: `Bearer ${apiKey}`,
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw apiErrorFrom(response.status, json, response.headers);
  return { json, response };
}
