import * as z from "zod";
import { Cursor } from "@/lib/paging/cursor-param";
import { LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN } from "@/lib/paging/page-limits";
import { AgeGroup, GOOD_WITH, NAME_MAX_LENGTH, PetSex, PetSize, PetStatus, type GoodWithTarget } from "./schemas";

const limitRule = `must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}`;

/**
 * A query string value is text; `limit` accepts only plain decimal digits, so "1.5",
 * "1e1", " 5", "0x10" and "" are refused instead of being coerced into something else.
 */
const Limit = z
  .codec(
    z.string().regex(/^\d{1,4}$/, { error: limitRule }),
    z.int().min(LIMIT_MIN, { error: limitRule }).max(LIMIT_MAX, { error: limitRule }),
    {
      decode: (text) => Number(text),
      encode: (limit) => String(limit),
    },
  )
  .meta({ description: `Maximum number of animals to return (${LIMIT_MIN} to ${LIMIT_MAX})` });

/** Most ids one `?id=` may name: a page's worth. */
export const IDS_MAX = LIMIT_MAX;
const idsRule = `must be 1 to ${IDS_MAX} pet ids (positive integers) separated by commas`;

/** `?id=3,7`: the pets to fetch, as OpenAPI's form style without explode spells an array. */
const Ids = z
  .codec(
    z.string().regex(/^[1-9]\d{0,15}(?:,[1-9]\d{0,15})*$/, { error: idsRule }),
    z
      .array(z.int().min(1).max(Number.MAX_SAFE_INTEGER, { error: idsRule }))
      .min(1)
      .max(IDS_MAX, { error: idsRule }),
    { decode: (text) => text.split(",").map(Number), encode: (ids) => ids.join(",") },
  )
  .meta({
    description: `Only these animals (beta): 1 to ${IDS_MAX} ids, comma-separated, e.g. \`3,7\`. Ids of no animal are left out (no error); the other parameters still apply, and a page holds at most \`limit\` of them.`,
  });

const categoryRule = "must be a category id (a positive integer)";
const CategoryFilter = z
  .codec(
    z.string().regex(/^[1-9]\d{0,15}$/, { error: categoryRule }),
    z.int().max(Number.MAX_SAFE_INTEGER, { error: categoryRule }),
    { decode: (text) => Number(text), encode: (id) => String(id) },
  )
  .meta({ description: "Only animals of this category (beta)" });

const Search = z
  .string()
  .trim()
  .min(1, { error: "must not be empty" })
  .max(NAME_MAX_LENGTH, { error: `must be at most ${NAME_MAX_LENGTH} characters` })
  .regex(/^[^\p{Cc}]*$/u, { error: "must not contain control characters" })
  .meta({ description: "Only animals whose name contains this text, ignoring case (beta)" });

const goodWithRule = `must be one or more of ${GOOD_WITH.join(", ")}, separated by commas`;
const GoodWithFilter = z
  .codec(
    z.string().regex(/^(?:children|dogs|cats)(?:,(?:children|dogs|cats))*$/, { error: goodWithRule }),
    z.array(z.enum(GOOD_WITH)),
    { decode: (text) => [...new Set(text.split(",") as GoodWithTarget[])], encode: (targets) => targets.join(",") },
  )
  .meta({ description: "Only animals known to be good with each of these, e.g. `children,cats` (beta)" });

const listedRule = "must be one of true, false, all";
/** `listed`: listed animals by default, so a partner site polling the list never sees one staff still prepare. */
const ListedFilter = z.enum(["true", "false", "all"], { error: listedRule }).meta({
  description:
    "Which animals by listing (beta): `true` (the default) only those adopters see, `false` only those staff still prepare, `all` both",
});

export const ListParams = z.strictObject({
  limit: Limit.default(LIMIT_DEFAULT),
  status: PetStatus.optional(),
  cursor: Cursor.optional(),
  id: Ids.optional(),
  q: Search.optional(),
  categoryId: CategoryFilter.optional(),
  sex: PetSex.optional(),
  size: PetSize.optional(),
  ageGroup: AgeGroup.optional(),
  goodWith: GoodWithFilter.optional(),
  listed: ListedFilter.optional(),
});
export type ListParams = z.output<typeof ListParams>;
