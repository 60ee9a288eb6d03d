import { defineResource } from "@/lib/resources/define-resource";
import { PetVersionMismatchError } from "@/lib/errors/store-errors";
import { PetHeldByOrderError } from "./pet-errors";
import { Pet, PetStatus } from "./schemas";

/**
 * The pets (the interface document's own resource; docs/decisions/001 is the first record
 * about them), declared once (docs/decisions/282, 315). Their error codes stay in the older
 * list of lib/api/errors.ts: the ErrorCode enum has them among the protocol's codes, so a
 * declaration here would move them in the OpenAPI document. Their operations:
 * lib/api/pets-api.ts; their file part: ./file-pet-part.ts.
 */
export const petsResource = defineResource({
  name: "pets",
  decision: 1,
  tag: { name: "pets", description: "Animals available for adoption" },
  scopes: {
    "pets:read": "list and read pets",
    "pets:write": "add pets",
  },
  eventReadScopes: { pet: "pets:read" },
  events: {
    "pet.created": { object: Pet, extra: {}, summary: "A pet was added" },
    "pet.updated": {
      object: Pet,
      extra: {},
      summary: "A pet's fields other than its status changed",
    },
    "pet.status_changed": {
      object: Pet,
      extra: { from: PetStatus, to: PetStatus },
      summary: "A pet's status changed (a correction by staff, or an order moving it), `from` and `to`",
    },
  },
  refusals: [
    {
      error: PetHeldByOrderError,
      code: "pet_held_by_order",
      message: () => "An open order (placed or approved) holds this pet: approve, deliver or cancel the order instead.",
    },
    {
      error: PetVersionMismatchError,
      code: "precondition_failed",
      message: () =>
        "The pet changed since you read it: read it again (its ETag) and send your change over that version.",
    },
  ],
});
