import "./zod-without-eval";
import { Pet, type PetPatch, type PetStatus } from "@/lib/pets/schemas";
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

/** Corrects a pet's name, category or profile: a merge patch of what changed (docs/decisions/170). */
export async function editPetWithKey(apiKey: string, petId: number, patch: PetPatch): Promise<Pet> {
  const { data } = await succeeded(
    v1Client(apiKey).PATCH("/pets/{petId}", {
      params: { path: { petId } },
      body: patch,
      headers: { "Content-Type": "application/merge-patch+json" },
    }),
  );
  return Pet.parse(data);
}
