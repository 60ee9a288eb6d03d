import "./zod-without-eval";
import { ApiKeys, ApiKeyWithSecret, type NewApiKey } from "@/lib/keys/schemas";
import { succeeded, v1Client } from "./v1-client";

/** The console's calls to /v1/keys, answers checked against the schemas the server answers from. */

export async function listKeysWithKey(apiKey: string) {
  const { data } = await succeeded(v1Client(apiKey).GET("/keys", { cache: "no-store" }));
  return ApiKeys.parse(data);
}

export async function createKeyWithKey(apiKey: string, newKey: NewApiKey) {
  const { data } = await succeeded(v1Client(apiKey).POST("/keys", { body: newKey, cache: "no-store" }));
  return ApiKeyWithSecret.parse(data);
}

export async function revokeKeyWithKey(apiKey: string, keyId: string): Promise<void> {
  await succeeded(v1Client(apiKey).DELETE("/keys/{keyId}", { params: { path: { keyId } } }));
}
