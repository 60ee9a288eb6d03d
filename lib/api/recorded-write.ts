import "server-only";
import type { IdempotencyRecord, StoredResponse } from "@/lib/idempotency/idempotency-store";

/**
 * How a route that creates something does its one write: `run` does it (passing `record`
 * on to the store), `answer` says what the request is answered from what it made. Under an
 * Idempotency-Key, `record` carries that answer into the write's own durable step (one
 * journal batch, one transaction: docs/decisions/109); without one, `record` is undefined.
 */
export type RecordedWrite = <Value>(
  answer: (value: Value) => StoredResponse,
  run: (record: IdempotencyRecord<Value> | undefined) => Promise<Value>,
) => Promise<Response>;

/** 201 Created with the new thing as JSON and its address, `<collection>/<id>`. */
export function created(collection: string): (value: { id: number }) => StoredResponse {
  return (value) => ({ status: 201, body: JSON.stringify(value), location: `${collection}/${value.id}` });
}

/** The response an answer is sent as, the first time and on every replay. */
export function responseOf({ status, body, location }: StoredResponse): Response {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (location) headers.Location = location;
  return new Response(body, { status, headers });
}

/** A write with nothing to record: no Idempotency-Key, or a route that does not honour one. */
export const unrecordedWrite: RecordedWrite = async (answer, run) => responseOf(answer(await run(undefined)));
