import "server-only";
import { createHash } from "node:crypto";
import { config } from "@/lib/config";
import { parseIdempotencyKey } from "./idempotency-key";
import { pathnameOf } from "./pathname-of";
import { getPetStore } from "@/lib/composition";
import { StoreUnavailableError } from "@/lib/errors/store-errors";
import { isBodySource, withBody } from "./body-source";
import type { Caller } from "@/lib/keys/caller";
import { ApiError } from "./api-error";
import { readBodyBytes } from "./read-json-body";
import { responseOf, unrecordedWrite, type RecordedWrite } from "./recorded-write";
import { idempotencyKeyInUse } from "./to-api-error";
import type { MaybePromise } from "@/lib/maybe-promise";
import { nowMs } from "@/lib/clock";

/** A request runs within seconds (statement and connect timeouts); a claim older than this was left by a dead process. */
const ABANDON_AFTER_MS = 30_000;

/**
 * Runs `handle` at most once per (API key, Idempotency-Key) within the keep time: a retry
 * with the same body gets the first answer (status, body, Location) again, one with a
 * different body a 422, one while the first still runs a 409. The answer commits in the
 * same durable step as the write it answers (the RecordedWrite handed to `handle`), so a
 * crash leaves both or neither: a retry after it gets the first answer or runs afresh, and
 * never makes a second pet (docs/decisions/109). Requests without the header run as usual.
 */
export async function runIdempotently(
  request: Request,
  caller: Caller,
  handle: (request: Request, write: RecordedWrite) => MaybePromise<Response>,
): Promise<Response> {
  const key = parseIdempotencyKey(request);
  if (key === undefined) return handle(request, unrecordedWrite);
  const body = await readBodyBytes(request);
  const fingerprint = createHash("sha256")
    .update(`${request.method} ${pathnameOf(request.url)}\n`)
    .update(body)
    .digest("hex");
  const scoped = `${caller.keyId}:${key}`;
  const store = await unavailableOnFault(async () => getPetStore());
  const now = nowMs();
  const expiresAt = now + config.idempotencyTtlHours * 3_600_000;
  const claim = await unavailableOnFault(() =>
    store.claim(scoped, fingerprint, { now, ttlMs: expiresAt - now, abandonAfterMs: ABANDON_AFTER_MS }),
  );
  if (claim.kind === "done") return responseOf(claim.response);
  if (claim.kind === "running") throw idempotencyKeyInUse();
  if (claim.kind === "mismatch") {
    throw new ApiError(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was already used with a different request body.",
    );
  }

  let recorded = false;
  const write: RecordedWrite = async (answer, run) => {
    const value = await run({ key: scoped, fingerprint, claimedAt: now, expiresAt, answer });
    recorded = true;
    return responseOf(answer(value));
  };
  const replayable = isBodySource(request)
    ? request[withBody](body)
    : new Request(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(body) });
  let response: Response;
  try {
    response = await handle(replayable, write);
  } finally {
    // Nothing committed under the claim: give it up, so a retry runs afresh.
    if (!recorded) await store.release(scoped, now);
  }
  if (!recorded && response.status >= 200 && response.status <= 299) {
    throw new Error("an idempotent route answered 2xx without recording its answer through RecordedWrite");
  }
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
