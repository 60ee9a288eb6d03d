import "./zod-without-eval";
import { NewPet, Pet, Pets, type PetStatus } from "@/lib/pets/schemas";
import { Me } from "@/lib/keys/me";
import { parseNextCursor } from "@/lib/paging/link-header";
import { unreadableAnswer } from "./read-api-error";
import { succeeded, v1Client } from "./v1-client";

/** One page of the staff list: the pets and the cursor from `Link: <…>; rel="next"`. */
export interface StaffPetsPage {
  pets: Pet[];
  nextCursor?: string;
}

export async function listPetsWithKey(
  apiKey: string,
  query: { status?: PetStatus; limit: number; cursor?: string; q?: string },
): Promise<StaffPetsPage> {
  // Staff see every animal, those they still prepare too (docs/decisions/215).
  const params = { query: { ...query, listed: "all" as const } };
  const { data, response } = await succeeded(v1Client(apiKey).GET("/pets", { params, cache: "no-store" }));
  const pets = Pets.safeParse(data);
  if (!pets.success) throw unreadableAnswer(response.status, "The API sent a list it could not read");
  return { pets: pets.data, nextCursor: parseNextCursor(response.headers.get("Link")) };
}

export async function createPetWithKey(apiKey: string, newPet: NewPet): Promise<Pet> {
  const { data } = await succeeded(v1Client(apiKey).POST("/pets", { body: newPet }));
  return Pet.parse(data);
}

/** Who the key belongs to and what it may do (GET /v1/me). */
export async function getMeWithKey(apiKey: string): Promise<Me> {
  const { data, response } = await succeeded(v1Client(apiKey).GET("/me", { cache: "no-store" }));
  const me = Me.safeParse(data);
  if (!me.success) throw unreadableAnswer(response.status, "The API sent a key description it could not read");
  return me.data;
}
