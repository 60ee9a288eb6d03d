import "./zod-without-eval";
import { Pet } from "@/lib/pets/schemas";
import { succeeded, v1Client } from "./v1-client";

/** Shows a prepared pet to adopters, or hides it again: a merge patch of `listed` (docs/decisions/215). */
export async function setPetListedWithKey(apiKey: string, petId: number, listed: boolean): Promise<Pet> {
  const { data } = await succeeded(
    v1Client(apiKey).PATCH("/pets/{petId}", {
      params: { path: { petId } },
      body: { listed },
      headers: { "Content-Type": "application/merge-patch+json" },
    }),
  );
  return Pet.parse(data);
}
