import type { PetStatus } from "@/lib/pets/schemas";
import type { NewOutcome, Stay } from "./stay-schemas";
import { closeStay, intakeNotRecorded, openStay } from "./stay-rules";
import { isBefore } from "./calendar-day";

/*
 * The stay a pet gets when nobody recorded its intake (docs/decisions/254): a pet created
 * through the plain `POST /v1/pets`, or one that existed before the record. It opens "other,
 * not recorded" when the pet began, so SAC counts are never silently short; a pet that is
 * `sold` (adopted) then has its stay closed by an adoption, or it would count as in care.
 */

/** What is known of the pet when its first stay is made. */
export interface PetBeginning {
  petId: number;
  status: PetStatus;
  /** When the pet began: created now, or the oldest time kept of it (its first event). */
  at: string;
  /** A sold pet's adoption: its delivered order, or (none kept) the last time it changed. */
  adoption?: { at: string; orderId?: number };
}

/** The stay opened (and, for a sold pet, closed) for a pet without one; `stayId` is the store's. */
export function firstStay(pet: PetBeginning, stayId: number, timeZone: string): Stay {
  const adoption = pet.status === "sold" ? (pet.adoption ?? { at: pet.at }) : undefined;
  // An adoption kept from before the pet's first kept event (its events pruned) still ends the stay it began.
  const at = adoption && isBefore(adoption.at, pet.at) ? adoption.at : pet.at;
  const opened = openStay([], intakeNotRecorded(at), { id: stayId, petId: pet.petId });
  return adoption ? closeStay([opened], adoptionOutcome(adoption.at, adoption.orderId), timeZone) : opened;
}

/** The outcome the adoption flow records: an order delivered (docs/decisions/250). */
export function adoptionOutcome(at: string, orderId?: number): NewOutcome {
  return { at, type: "adoption", ...(orderId === undefined ? {} : { orderId }) };
}
