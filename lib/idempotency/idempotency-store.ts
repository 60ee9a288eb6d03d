import { brandedError } from "@/lib/errors/branded-error";

/** The first answer to a request, as replayed to its retries. */
export interface StoredResponse {
  status: number;
  body: string;
  location?: string;
}

/** What a request finds when it claims its Idempotency-Key. */
export type Claim =
  { kind: "claimed" } | { kind: "done"; response: StoredResponse } | { kind: "running" } | { kind: "mismatch" };

export interface ClaimOptions {
  now: number;
  ttlMs: number;
  /** A claim older than this was left by a process that died (PostgreSQL; the file store forgets claims on reopen). */
  abandonAfterMs: number;
}

/**
 * What a write commits beside its change, in the same durable step (the same journal batch
 * or the same transaction): the answer to the request that asked for it. A crash can then
 * leave the change and its answer both, or neither (docs/decisions/109).
 */
export interface IdempotencyRecord<Value> {
  /** `<API key id>:<Idempotency-Key>`. */
  key: string;
  fingerprint: string;
  /** When the claim this write runs under was taken: PostgreSQL refuses a write whose claim was taken over. */
  claimedAt: number;
  expiresAt: number;
  /** The answer to record, from what the write made. */
  answer(value: Value): StoredResponse;
}

/**
 * Idempotency records (draft-ietf-httpapi-idempotency-key-header), one per (API key,
 * Idempotency-Key). A request claims its key first, which answers a retry while it runs
 * (409) or a different body (422) without touching the write; its answer is then committed
 * by the write itself (PetStore's `record` arguments). Every adapter implements this on the
 * same object as PetStore and passes idempotency-store.contract.ts.
 */
export interface IdempotencyStore {
  /**
   * Claims `key` for a request with `fingerprint`, or reports what holds it: the first
   * answer, a request still running, or a different request. An expired record is claimed
   * afresh. A claim does not have to survive a crash: a write that committed under it
   * carries its own record.
   */
  claim(key: string, fingerprint: string, options: ClaimOptions): Promise<Claim>;
  /** Gives a claim up (its request failed and changed nothing), so a retry runs afresh. */
  release(key: string, claimedAt: number): Promise<void>;
}

/**
 * The claim a write ran under was taken over (it had been left running past
 * abandonAfterMs) before the write committed: nothing was written, and the request that
 * took it over is the one that runs. The API answers 409 like any running key.
 */
export class ClaimLostError extends brandedError(Symbol.for("petstore.ClaimLostError")) {
  constructor(readonly key: string) {
    super("the Idempotency-Key's claim was taken over before this write committed");
    this.name = "ClaimLostError";
  }
}
