import "server-only";
import { createHash } from "node:crypto";
import { config } from "@/lib/config";
import { getIdempotencyStore } from "@/lib/idempotency/get-idempotency-store";
import { parseIdempotencyKey } from "@/lib/idempotency/idempotency-key";
import type { IdempotencyStore } from "@/lib/idempotency/idempotency-store";
import { StoreUnavailableError } from "@/lib/store/pet-store";
import type { Caller } from "./caller";
import { ApiError } from "./errors";
import { readBodyBytes } from "./read-json-body";

/** A request runs within seconds (statement and connect timeouts); a claim older than this was left by a dead process. */
const ABANDON_AFTER_MS = 30_000;

/**
 * Runs `handle` at most once per (API key, Idempotency-Key) within the keep time: a retry
 * with the same body gets the first answer (status, body, Location) again, one with a
 * different body a 422, one while the first still runs a 409. The answer is recorded
 * durably before it is sent, so an acknowledged request is never run twice, even across
 * a crash (docs/decisions/092). Requests without the header run as usual.
 */
export async function runIdempotently(
  request: Request,
  caller: Caller,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  const key = parseIdempotencyKey(request);
  if (key === undefined) return handle(request);
  const body = await readBodyBytes(request);
  const fingerprint = createHash("sha256")
    .update(`${request.method} ${new URL(request.url).pathname}\n`)
    .update(body)
    .digest("hex");
  const scoped = `${caller.keyId}:${key}`;
  const store = await unavailableOnFault(getIdempotencyStore);
  const now = Date.now();
  const ttlMs = config.idempotencyTtlHours * 3_600_000;
  const claim = await unavailableOnFault(() =>
    store.claim(scoped, fingerprint, { now, ttlMs, abandonAfterMs: ABANDON_AFTER_MS }),
  );
  if (claim.kind === "done") {
    const { status, body: text, location } = claim.response;
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (location) headers.Location = location;
    return new Response(text, { status, headers });
  }
  if (claim.kind === "running") {
    throw new ApiError(
      409,
      "idempotency_key_in_use",
      "A request with this Idempotency-Key is still running; retry later.",
      undefined,
      { "Retry-After": "1" },
    );
  }
  if (claim.kind === "mismatch") {
    throw new ApiError(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was already used with a different request body.",
    );
  }
  return runClaimed(
    store,
    scoped,
    new Request(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(body) }),
    handle,
  );
}

async function runClaimed(
  store: IdempotencyStore,
  key: string,
  request: Request,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  let response: Response;
  try {
    response = await handle(request);
  } catch (error) {
    await store.release(key);
    throw error;
  }
  if (response.status < 200 || response.status > 299) {
    await store.release(key);
    return response;
  }
  const text = await response.clone().text();
  const location = response.headers.get("Location") ?? undefined;
  // Durable before it is sent: a crash after this replays the answer, never runs it again.
  await unavailableOnFault(() =>
    store.complete(key, { status: response.status, body: text, ...(location ? { location } : {}) }),
  );
  return response;
}

async function unavailableOnFault<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw error instanceof ApiError || error instanceof StoreUnavailableError
      ? error
      : new StoreUnavailableError(error);
  }
}
