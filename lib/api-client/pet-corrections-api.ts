import "./zod-without-eval";
import { Pet, Pets, type PetPatch, type PetStatus } from "@/lib/pets/schemas";
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

/**
 * Corrects a pet's name, category or profile: a merge patch of what changed (docs/decisions/170),
 * only over `version`, the one the person saw (If-Match: a 412 ApiError when someone saved
 * meanwhile, docs/decisions/213).
 */
export async function editPetWithKey(apiKey: string, petId: number, patch: PetPatch, version: string): Promise<Pet> {
  const { data } = await succeeded(
    v1Client(apiKey).PATCH("/pets/{petId}", {
      params: { path: { petId }, header: { "If-Match": `"${version}"` } },
      body: patch,
      headers: { "Content-Type": "application/merge-patch+json" },
    }),
  );
  return Pet.parse(data);
}

/** The pet as stored now (listPets with `id`, not the deprecated getPet), or undefined if it is gone. */
export async function currentPetWithKey(apiKey: string, petId: number): Promise<Pet | undefined> {
  const { data } = await succeeded(
    v1Client(apiKey).GET("/pets", { params: { query: { id: [petId], limit: 1 } }, cache: "no-store" }),
  );
  return Pets.parse(data)[0];
}
