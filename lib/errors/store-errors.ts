import { brandedError } from "./branded-error";

/**
 * A cursor that no adapter could have issued. The API answers 400 naming `parameter`, the
 * query parameter the cursor came in (`cursor` on the listings, `after` on the event feed).
 */
export class InvalidCursorError extends brandedError(Symbol.for("petstore.InvalidCursorError")) {
  constructor(readonly parameter: string = "cursor") {
    super(`${parameter} is not a cursor this service issued`);
    this.name = "InvalidCursorError";
  }
}

/**
 * Storage refused or could not be reached: the disk refused a write or read (ENOSPC,
 * EACCES, EROFS, EIO...), or the database is down, timed out or has no free connection.
 * Nothing was acknowledged; the API answers 503 and the store recovers by itself.
 */
export class StoreUnavailableError extends brandedError(Symbol.for("petstore.StoreUnavailableError")) {
  constructor(cause: unknown) {
    super("the pet store cannot reach its storage right now", { cause });
    this.name = "StoreUnavailableError";
  }
}

/** A conditional update found the pet at another version than the caller had (HTTP 412). */
export class PetVersionMismatchError extends brandedError(Symbol.for("petstore.PetVersionMismatchError")) {
  constructor(readonly petId: number) {
    super(`pet ${petId} changed since the version the caller had`);
    this.name = "PetVersionMismatchError";
  }
}

/**
 * The next id would pass 2^53−1, the largest a JSON number holds exactly
 * (docs/decisions/003): nothing is written, and the API answers 409 id_space_exhausted.
 */
export class IdSpaceExhaustedError extends brandedError(Symbol.for("petstore.IdSpaceExhaustedError")) {
  constructor(
    readonly kind: "pet" | "order" | "category" | "application" | "stay" | "treatment item" | "medical entry",
  ) {
    super(`no ${kind} id is left after ${Number.MAX_SAFE_INTEGER}`);
    this.name = "IdSpaceExhaustedError";
  }
}
