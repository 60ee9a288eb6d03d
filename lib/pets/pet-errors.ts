import type { PetStatus } from "@/lib/pets/schemas";
import { brandedError } from "@/lib/errors/branded-error";

/*
 * What a write about a pet refuses: the pet is missing, not available, or held by its open
 * order. Thrown by every store that writes about a pet (pets, orders, applications, the
 * animal's record); the HTTP layer maps them (lib/api/to-api-error.ts).
 */

export class PetNotFoundError extends brandedError(Symbol.for("petstore.PetNotFoundError")) {
  constructor(readonly petId: number) {
    super(`no pet has id ${petId}`);
    this.name = "PetNotFoundError";
  }
}

export class PetNotAvailableError extends brandedError(Symbol.for("petstore.PetNotAvailableError")) {
  constructor(readonly petStatus: PetStatus) {
    super(`the pet is ${petStatus}, not available`);
    this.name = "PetNotAvailableError";
  }
}

/** The pet's status belongs to its open order: move the order instead (docs/decisions/155). */
export class PetHeldByOrderError extends brandedError(Symbol.for("petstore.PetHeldByOrderError")) {
  constructor(readonly petId: number) {
    super(`an open order holds pet ${petId}`);
    this.name = "PetHeldByOrderError";
  }
}
