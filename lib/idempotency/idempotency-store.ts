/** The first answer to a request, as replayed to its retries. */
export interface StoredResponse {
  status: number;
  body: string;
  location?: string;
}

/** What a request finds when it claims its Idempotency-Key. */
export type Claim =
  { kind: "claimed" } | { kind: "done"; response: StoredResponse } | { kind: "running" } | { kind: "mismatch" };

/**
 * Idempotency records (draft-ietf-httpapi-idempotency-key-header): one per (API key,
 * Idempotency-Key), holding the request's fingerprint and, once it has succeeded, its
 * answer. Adapters: an append-only file in the data directory and the idempotency_keys
 * table; both pass idempotency-store.contract.ts.
 */
export interface IdempotencyStore {
  /**
   * Claims `key` for a request with `fingerprint`, durably, or reports what holds it: the
   * first answer, a request still running, or a different request. A record past its
   * expiry, or one left running longer than `abandonAfterMs` (its process died), is
   * claimed afresh.
   */
  claim(
    key: string,
    fingerprint: string,
    options: { now: number; ttlMs: number; abandonAfterMs: number },
  ): Promise<Claim>;
  /** Durably records the answer; resolves before the answer may be sent. */
  complete(key: string, response: StoredResponse): Promise<void>;
  /** Gives the key up (the request failed and changed nothing), so a retry runs afresh. */
  release(key: string): Promise<void>;
  close(): Promise<void>;
}
