import * as z from "zod";
import { encodeLine, UnwritableRecordError } from "@/lib/store/file/line-codec";
import { HealthFacts } from "./health-schemas";
import { MedicalEntry, TreatmentItem } from "./medical-schemas";
import { SacSpecies } from "./sac-species";

/*
 * The journal's medical records (format version 9) and the snapshot's (version 7): one line
 * kind, `{"medical":…}`, whose value says what the line holds, each its whole state after a
 * change, the latest line of a key winning (docs/decisions/256):
 *
 *   {"medical":"item","id":2,"name":"Rabies","kind":"vaccination","repeatEvery":{…},"crc32":"…"}
 *   {"medical":"entry","id":11,"petId":7,"itemId":2,"kind":"vaccination","givenOn":"…",…}
 *   {"medical":"health","petId":7,"microchip":{…},"weights":[…]}
 *   {"medical":"species","categoryId":1,"species":"canine"}
 *   {"medical":"correction","of":"entry","id":11,"at":"…","fields":["givenOn"],"reason":"…"}
 *
 * One kind, so the snapshot keeps them in one section (a part has one).
 */

/** Why a recorded fact changed: kept with the record, never in an event or a log. */
export const MedicalCorrection = z.object({
  of: z.enum(["entry", "health"]),
  /** The entry's id, or the pet's for its health facts. */
  id: z.int().min(1),
  at: z.iso.datetime(),
  fields: z.array(z.string()),
  reason: z.string(),
});
export type MedicalCorrection = z.infer<typeof MedicalCorrection>;

export const CategorySpeciesLine = z.object({ categoryId: z.int().min(1), species: SacSpecies });

export type MedicalRecord =
  | { medical: "item"; item: TreatmentItem }
  | { medical: "entry"; entry: MedicalEntry }
  | { medical: "health"; petId: number; facts: HealthFacts }
  | { medical: "species"; categoryId: number; species: SacSpecies }
  | { medical: "correction"; correction: MedicalCorrection };

const HealthLine = HealthFacts.extend({ petId: z.int().min(1) });

/** The record as the reader will read it back, or UnwritableRecordError naming the fields that fail (never their values). */
export function checkedRecord<T extends MedicalRecord>(record: T): T {
  const decoded = safeDecode(fieldsOf(record));
  if (decoded.ok) return decoded.record as T;
  throw new UnwritableRecordError(`medical ${record.medical}`, decoded.fields);
}

export function encodeMedicalLine(record: MedicalRecord): string {
  return encodeLine(fieldsOf(record));
}

/** The record a parsed medical line holds; throws when it is not a valid one. */
export function decodeMedical(fields: Record<string, unknown>): MedicalRecord {
  const rest = { ...fields };
  delete rest.crc32;
  const decoded = safeDecode(rest);
  if (!decoded.ok) throw new Error(`not a medical record: ${decoded.fields}`);
  return decoded.record;
}

function fieldsOf(record: MedicalRecord): Record<string, unknown> {
  switch (record.medical) {
    case "item":
      return { medical: "item", ...record.item };
    case "entry":
      return { medical: "entry", ...record.entry };
    case "health":
      return { medical: "health", petId: record.petId, ...record.facts };
    case "species":
      return { medical: "species", categoryId: record.categoryId, species: record.species };
    case "correction":
      return { medical: "correction", ...record.correction };
  }
}

type Decoded = { ok: true; record: MedicalRecord } | { ok: false; fields: string };

function safeDecode(fields: Record<string, unknown>): Decoded {
  const { medical, ...rest } = fields;
  const failed = (error: z.ZodError): Decoded => ({
    ok: false,
    fields: [...new Set(error.issues.map((issue) => issue.path.join(".")))].join(", "),
  });
  switch (medical) {
    case "item": {
      const parsed = TreatmentItem.safeParse(rest);
      return parsed.success ? { ok: true, record: { medical, item: parsed.data } } : failed(parsed.error);
    }
    case "entry": {
      const parsed = MedicalEntry.safeParse(rest);
      return parsed.success ? { ok: true, record: { medical, entry: parsed.data } } : failed(parsed.error);
    }
    case "health": {
      const parsed = HealthLine.safeParse(rest);
      if (!parsed.success) return failed(parsed.error);
      const { petId, ...facts } = parsed.data;
      return { ok: true, record: { medical, petId, facts } };
    }
    case "species": {
      const parsed = CategorySpeciesLine.safeParse(rest);
      return parsed.success ? { ok: true, record: { medical, ...parsed.data } } : failed(parsed.error);
    }
    case "correction": {
      const parsed = MedicalCorrection.safeParse(rest);
      return parsed.success ? { ok: true, record: { medical, correction: parsed.data } } : failed(parsed.error);
    }
    default:
      return { ok: false, fields: "medical" };
  }
}
