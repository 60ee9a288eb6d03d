import * as z from "zod";
import { CategoryId, PET_PROFILE_FIELDS, PetName } from "@/lib/pets/schemas";
import { canonicalProfile, listingOf } from "@/lib/pets/apply-patch";
import { asciiBytes, bytesAt, checked, encodeLine } from "@/lib/store/file/line-codec";
import type { PetRecord } from "./file-pet-record";

/*
 * The journal's pet-edit records (format version 6): staff corrected a pet's name, category
 * or profile (PATCH /v1/pets/{petId}, docs/decisions/170). The line holds all of them as
 * they are after the change, so replaying one replaces them; the status has its own record
 * (status-change-line.ts):
 *
 *   {"petEdit":42,"name":"Rex","categoryId":2,"sex":"male","goodWith":{"dogs":"yes"},"at":"…","crc32":"…"}
 *
 * An unlisted pet's line adds `"listed":false` before `at` (docs/decisions/215); its absence lists it.
 */
const PET_EDIT = asciiBytes('{"petEdit":');

export type PetEdit = Omit<PetRecord, "status">;

const Line = z.strictObject({
  petEdit: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  name: PetName,
  categoryId: CategoryId,
  ...PET_PROFILE_FIELDS,
  listed: z.literal(false).optional(),
  at: z.iso.datetime(),
  crc32: z.string().optional(),
});

export function encodePetEditLine(pet: PetEdit, at: string): string {
  const { id, name, categoryId } = pet;
  const fields = { petEdit: id, name, categoryId, ...canonicalProfile(pet), ...listingOf(pet), at };
  return encodeLine(checked("pet edit", Line, fields) && fields);
}

export const isPetEditLine = (buf: Buffer, start: number) => bytesAt(buf, start, PET_EDIT);

export function decodePetEdit(fields: Record<string, unknown>): PetEdit {
  const line = Line.parse(fields);
  return {
    id: line.petEdit,
    name: line.name,
    categoryId: line.categoryId,
    ...canonicalProfile(line),
    ...listingOf(line),
  };
}
