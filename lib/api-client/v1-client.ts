import createClient from "openapi-fetch";
import { apiErrorFrom } from "./read-api-error";
import type { paths } from "./v1-schema";

/**
 * The typed /v1 client for one staff key (paths, parameters and bodies checked against the
 * OpenAPI document's generated types). A client is a few closures: making one per call keeps
 * the key out of any module state.
 */
export function v1Client(apiKey: string) {
  return createClient<paths>({
    baseUrl: "/v1",
    headers: { Authorization: `Bearer ${apiKey}`, Accept: "application/json" },
  });
}

/** What openapi-fetch answers: the body on success, the error body otherwise, and the response. */
interface Answer<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** The body and response of a successful answer; a failed one throws the ApiError the console shows. */
export async function succeeded<Data>(answer: Promise<Answer<Data>>): Promise<{ data: Data; response: Response }> {
  const { data, error, response } = await answer;
  if (!response.ok) throw apiErrorFrom(response.status, error, response.headers);
  return { data: data as Data, response };
}
