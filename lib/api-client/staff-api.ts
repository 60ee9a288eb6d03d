import "./zod-without-eval";
import { NewPet, Pet, Pets, type PetStatus } from "@/lib/pets/schemas";
import { Me } from "@/lib/keys/me";
import { ApiError, type ClientErrorCode } from "@/lib/api/api-error";
import type { ErrorCode } from "@/lib/api/errors";
import { readApiError } from "./read-api-error";
import { parseNextCursor } from "@/lib/paging/link-header";

/** One page of the staff list: the pets and the cursor from `Link: <…>; rel="next"`. */
export interface StaffPetsPage {
  pets: Pet[];
  nextCursor?: string;
}

function authorization(apiKey: string): HeadersInit {
  return { Authorization: `Bearer ${apiKey}`, Accept: "application/json" };
}

export async function listPetsWithKey(
  apiKey: string,
  query: { status?: PetStatus; limit: number; cursor?: string },
): Promise<StaffPetsPage> {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.status) params.set("status", query.status);
  if (query.cursor) params.set("cursor", query.cursor);
  const response = await fetch(`/v1/pets?${params}`, { headers: authorization(apiKey), cache: "no-store" });
  if (!response.ok) throw await readApiError(response);
  const pets = Pets.safeParse(await response.json());
  if (!pets.success)
    throw new ApiError<ErrorCode | ClientErrorCode>(
      response.status,
      "unreadable_response",
      "The API sent a list it could not read",
    );
  return { pets: pets.data, nextCursor: parseNextCursor(response.headers.get("Link")) };
}

export async function createPetWithKey(apiKey: string, newPet: NewPet): Promise<Pet> {
  const response = await fetch("/v1/pets", {
    method: "POST",
    headers: { ...authorization(apiKey), "Content-Type": "application/json" },
    body: JSON.stringify(newPet),
  });
  if (!response.ok) throw await readApiError(response);
  return Pet.parse(await response.json());
}

/** Who the key belongs to and what it may do (GET /v1/me). */
export async function getMeWithKey(apiKey: string): Promise<Me> {
  const response = await fetch("/v1/me", { headers: authorization(apiKey), cache: "no-store" });
  if (!response.ok) throw await readApiError(response);
  const me = Me.safeParse(await response.json());
  if (!me.success)
    throw new ApiError<ErrorCode | ClientErrorCode>(
      response.status,
      "unreadable_response",
      "The API sent a key description it could not read",
    );
  return me.data;
}
