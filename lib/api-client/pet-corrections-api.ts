import "./zod-without-eval";
import { Pet, type PetStatus } from "@/lib/pets/schemas";
import { succeeded, v1Client } from "./v1-client";

/** Corrects a pet's status, with why (PATCH /v1/pets/{petId}, a merge patch: docs/decisions/155). */
export async function correctPetStatusWithKey(
  apiKey: string,
  petId: number,
  status: PetStatus,
  reason: string,
): Promise<Pet> {
  const { data } = await succeeded(
    v1Client(apiKey).PATCH("/pets/{petId}", {
      params: { path: { petId } },
      body: { status, reason },
      headers: { "Content-Type": "application/merge-patch+json" },
    }),
  );
  return Pet.parse(data);
}
