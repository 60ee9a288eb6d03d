import * as z from "zod";

/**
 * The pet schemas, written once. Types, request validation, the staff form's
 * checks and the OpenAPI document all derive from these definitions.
 * This module is isomorphic: the browser bundle imports it too.
 */

export const PetStatus = z
  .enum(["available", "pending", "sold"], { error: "must be one of available, pending, sold" })
  .meta({ id: "PetStatus", description: "Availability status of the animal" });
export type PetStatus = z.infer<typeof PetStatus>;
export const PET_STATUSES = PetStatus.options;

/** What a pet without a status on creation is: a new arrival can be adopted. */
export const DEFAULT_PET_STATUS: PetStatus = "available";

export const NAME_MAX_LENGTH = 100;
// C0/C1 control characters (tabs, newlines, NUL, escape sequences) never belong in a
// display name and are a classic log- and terminal-injection vector.
const CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

export const PetName = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  // Length counts Unicode code points, as JSON Schema's maxLength does, so an emoji is
  // one character here just as it is for a client validating against the document.
  .refine((name) => [...name].length <= NAME_MAX_LENGTH, {
    error: `must be at most ${NAME_MAX_LENGTH} characters`,
  })
  .regex(CONTROL_CHARACTERS, { error: "must not contain control characters" })
  // A lone UTF-16 surrogate ("\ud800") is legal in JSON text but is not a character: it
  // cannot be written as UTF-8 and would come back as U+FFFD.
  .refine((name) => name.isWellFormed(), { error: "must be valid Unicode text" })
  .meta({
    description: `The animal's name: trimmed, 1 to ${NAME_MAX_LENGTH} characters, no control characters`,
    maxLength: NAME_MAX_LENGTH,
    examples: ["Rex"],
  });

/** int64 in the contract, at most 2^53-1 here (docs/decisions/003). */
export const CategoryId = z
  .int({ error: "must be an integer" })
  .min(1, { error: "must be at least 1" })
  .max(Number.MAX_SAFE_INTEGER, { error: `must be at most ${Number.MAX_SAFE_INTEGER}` })
  .meta({
    format: "int64",
    description:
      "ID of the category the animal belongs to: an integer from 1 to 2^53-1. Larger int64 values are refused because JSON numbers lose precision above 2^53-1.",
    examples: [1],
  });

export const PetId = z
  .int()
  .min(1)
  .max(Number.MAX_SAFE_INTEGER)
  .meta({
    format: "int64",
    description: "Unique identifier assigned on creation: a positive integer, at most 2^53-1",
    examples: [42],
  });

/*
 * The profile a shelter publishes and adopters filter by (issue 24, beta): every field is
 * optional, so every pet written before it still reads as it did. Values and age groups:
 * docs/decisions/170-the-pets-profile.md.
 */

export const PetSex = z
  .enum(["female", "male", "unknown"], { error: "must be one of female, male, unknown" })
  .meta({ id: "PetSex", description: "The animal's sex (beta)" });
export type PetSex = z.infer<typeof PetSex>;

export const PetSize = z
  .enum(["small", "medium", "large", "xlarge"], { error: "must be one of small, medium, large, xlarge" })
  .meta({ id: "PetSize", description: "Size when grown, as shelters group it (beta)" });
export type PetSize = z.infer<typeof PetSize>;

/** Shown, never stored: derived from `birthDate` (lib/pets/age-group.ts). */
export const AgeGroup = z
  .enum(["baby", "young", "adult", "senior"], { error: "must be one of baby, young, adult, senior" })
  .meta({
    id: "AgeGroup",
    description: "Age from `birthDate`: baby under 1 year, young 1 to 3, adult 3 to 8, senior 8 and over (beta)",
  });
export type AgeGroup = z.infer<typeof AgeGroup>;

export const GoodWithAnswer = z
  .enum(["yes", "no", "unknown"], { error: "must be one of yes, no, unknown" })
  .meta({ id: "GoodWithAnswer", description: "Whether the animal gets on with them: yes, no or unknown (beta)" });
export type GoodWithAnswer = z.infer<typeof GoodWithAnswer>;
export const GOOD_WITH = ["children", "dogs", "cats"] as const;
export type GoodWithTarget = (typeof GOOD_WITH)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const BirthDate = z
  .string({ error: "must be a date, YYYY-MM-DD" })
  .regex(ISO_DATE, { error: "must be a date, YYYY-MM-DD" })
  .refine((date) => !Number.isNaN(Date.parse(date)) && new Date(date).toISOString().startsWith(date), {
    error: "must be a date, YYYY-MM-DD",
  })
  .refine((date) => date >= "1900-01-01", { error: "must be 1900-01-01 or later" })
  .meta({
    description: "Birth date, or an estimate of it when `birthDateIsEstimate` is true (beta)",
    examples: ["2024-03-01"],
  });

const profileText = (max: number, newlines: boolean, what: string, examples: string[]) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .min(1, { error: "must not be empty (send null to remove it)" })
    .refine((text) => [...text].length <= max, { error: `must be at most ${max} characters` })
    .regex(newlines ? /^(?:[^\p{Cc}]|\n)*$/u : CONTROL_CHARACTERS, {
      error: newlines
        ? "must not contain control characters other than line breaks"
        : "must not contain control characters",
    })
    .refine((text) => text.isWellFormed(), { error: "must be valid Unicode text" })
    .meta({ description: `${what} (beta): trimmed, 1 to ${max} characters`, maxLength: max, examples });

export const BREED_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const Breed = profileText(BREED_MAX_LENGTH, false, "Breed, or mix of breeds", ["Labrador mix"]);
export const Description = profileText(DESCRIPTION_MAX_LENGTH, true, "What an adopter should know; line breaks kept", [
  "Calm, loves long walks and naps in the sun.",
]);

export const GoodWith = z
  .strictObject({
    children: GoodWithAnswer.optional(),
    dogs: GoodWithAnswer.optional(),
    cats: GoodWithAnswer.optional(),
  })
  .meta({ id: "GoodWith", description: "Whom the animal gets on with; a member left out is unknown (beta)" });
export type GoodWith = z.infer<typeof GoodWith>;

/** The profile's fields, each optional; spread into NewPet and Pet. */
export const PET_PROFILE_FIELDS = {
  sex: PetSex.optional(),
  birthDate: BirthDate.optional(),
  birthDateIsEstimate: z
    .boolean({ error: "must be true or false" })
    .optional()
    .meta({ description: "Whether `birthDate` is an estimate (beta)" }),
  size: PetSize.optional(),
  breed: Breed.optional(),
  description: Description.optional(),
  goodWith: GoodWith.optional(),
};
export type PetProfile = z.infer<z.ZodObject<typeof PET_PROFILE_FIELDS>>;
export const PROFILE_KEYS = Object.keys(PET_PROFILE_FIELDS) as (keyof PetProfile)[];

/*
 * Whether adopters see the animal (issue 40, docs/decisions/215): staff prepare a pet unlisted,
 * then list it. Apart from `status`, which keeps its meaning: an unlisted pet may be available.
 */
export const Listed = z.boolean({ error: "must be true or false" }).meta({
  description:
    "Whether adopters and `GET /v1/pets` (without `listed`) see the animal: false while staff prepare it (beta)",
});

export const NewPet = z
  .strictObject(
    {
      name: PetName,
      categoryId: CategoryId,
      status: PetStatus.optional(),
      ...PET_PROFILE_FIELDS,
      listed: Listed.optional(),
    },
    { error: (issue) => (issue.code === "invalid_type" ? "must be a JSON object" : undefined) },
  )
  .meta({
    id: "NewPet",
    description:
      "Request body for creating an animal. Unknown fields are refused; `id` is assigned by the service. A pet created without `status` is `available`, and without `listed` it is listed (shown to adopters). The profile fields are optional (beta).",
  });
export type NewPet = z.infer<typeof NewPet>;
export type NewPetInput = z.input<typeof NewPet>;

/*
 * A pet's photos (beta, issue 24; docs/decisions/175 and 176). Processing and storage live in
 * lib/photos/; the shapes are here because Pet references PetPhoto (see PetPatch's note on
 * zod's process-wide registry).
 */
export const ALT_MAX_LENGTH = 300;

export const PhotoAlt = z
  .string({ error: "must be a string" })
  .trim()
  .refine((alt) => [...alt].length <= ALT_MAX_LENGTH, { error: `must be at most ${ALT_MAX_LENGTH} characters` })
  .regex(CONTROL_CHARACTERS, { error: "must not contain control characters" })
  .refine((alt) => alt.isWellFormed(), { error: "must be valid Unicode text" })
  .meta({
    description: `Text alternative read out in place of the photo: at most ${ALT_MAX_LENGTH} characters, no control characters; "" when none was written yet`,
    maxLength: ALT_MAX_LENGTH,
    examples: ["Rex, a brown terrier, sitting on grass"],
  });

export const PhotoId = z
  .int()
  .min(1)
  .max(Number.MAX_SAFE_INTEGER)
  .meta({
    format: "int64",
    description: "Unique identifier of a photo, assigned on upload",
    examples: [7],
  });

const photoUrl = (size: string) =>
  z.string().meta({
    description: `Path of the ${size} JPEG, relative to the service's origin`,
    examples: ["/photos/3f2a…-640.jpg"],
  });
const srcset = (type: string) =>
  z.string().meta({
    description: `A srcset of every stored width as ${type}`,
    examples: ["/photos/3f2a…-320.webp 320w, /photos/3f2a…-640.webp 640w"],
  });

export const PetPhoto = z
  .object({
    id: PhotoId,
    alt: PhotoAlt,
    width: z.int().meta({ description: "Width in pixels of the largest stored copy (upright)" }),
    height: z.int().meta({ description: "Height in pixels of the largest stored copy (upright)" }),
    small: photoUrl("narrowest (320 px wide or less)"),
    medium: photoUrl("640 px (or narrower original)"),
    large: photoUrl("1280 px (or narrower original)"),
    full: photoUrl("largest"),
    srcset: z.object({ avif: srcset("AVIF"), webp: srcset("WebP"), jpeg: srcset("JPEG") }),
  })
  .meta({
    id: "PetPhoto",
    description:
      "A photo of the animal (beta), stored upright with every metadata field (EXIF, GPS) removed, at fixed widths in AVIF, WebP and JPEG. Every URL is immutable: a changed photo gets new URLs.",
  });
export type PetPhoto = z.infer<typeof PetPhoto>;

export const Pet = z
  .object({
    id: PetId,
    name: PetName,
    categoryId: CategoryId,
    status: PetStatus.optional(),
    ...PET_PROFILE_FIELDS,
    listed: z.literal(false).optional().meta({
      description: "Present, and false, only while the animal is unlisted: staff still prepare it (beta)",
    }),
    photos: z.array(PetPhoto).optional().meta({
      description:
        "Beta. The animal's photos, the primary one first; absent when it has none. Changes that break clients are announced at least 90 days ahead.",
      "x-stability": "beta",
    }),
  })
  .meta({
    id: "Pet",
    description:
      "An animal as returned. The service always sets `status` (default `available`); the profile fields (beta) only when known; `listed: false` only while the animal is unlisted.",
  });
export type Pet = z.infer<typeof Pet>;

/*
 * PATCH /v1/pets/{petId}: a JSON Merge Patch (RFC 7396) of the fields staff may correct.
 * The fields are declared once, here (PET_PATCH_FIELDS): the handler, both stores and the
 * OpenAPI document derive from this schema, and issue 24 adds the profile fields to it.
 * Why a reason and no name or category yet: docs/decisions/155-correct-a-pets-status.md.
 * It lives in this module, beside PetStatus, because zod's registry is process-wide: the
 * front server's bundle and Next's each register their own copy of a schema's id, the last
 * one winning, so a registered schema must always be registered with the schemas it
 * references, or the OpenAPI document mixes two copies of PetStatus.
 */

export const REASON_MAX_LENGTH = 500;

export const StatusReason = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  .refine((reason) => [...reason].length <= REASON_MAX_LENGTH, {
    error: `must be at most ${REASON_MAX_LENGTH} characters`,
  })
  .regex(/^[^\p{Cc}]*$/u, { error: "must not contain control characters" })
  .refine((reason) => reason.isWellFormed(), { error: "must be valid Unicode text" })
  .meta({
    description: `Why the status is corrected: trimmed, 1 to ${REASON_MAX_LENGTH} characters, no control characters. Required whenever \`status\` is sent; stored with the change, never logged.`,
    maxLength: REASON_MAX_LENGTH,
    examples: ["Added as pending by mistake; no one has asked for her yet"],
  });

/**
 * The pet's fields a patch may set. `null` removes a profile field (RFC 7396); name,
 * category and status cannot be removed, so `null` is refused for them. Inside
 * `goodWith`, members merge one by one, and `null` makes a member unknown.
 */
export const PET_PATCH_FIELDS = {
  name: PetName.optional(),
  categoryId: CategoryId.optional(),
  status: PetStatus.optional(),
  listed: Listed.optional(),
  sex: PetSex.nullable().optional(),
  birthDate: BirthDate.nullable().optional(),
  birthDateIsEstimate: PET_PROFILE_FIELDS.birthDateIsEstimate.unwrap().nullable().optional(),
  size: PetSize.nullable().optional(),
  breed: Breed.nullable().optional(),
  description: Description.nullable().optional(),
  goodWith: z
    .strictObject({
      children: GoodWithAnswer.nullable().optional(),
      dogs: GoodWithAnswer.nullable().optional(),
      cats: GoodWithAnswer.nullable().optional(),
    })
    .nullable()
    .optional()
    .meta({ description: "Merged member by member; `null` makes one (or, for the whole object, all) unknown" }),
};

export const PetPatch = z
  .strictObject(
    { ...PET_PATCH_FIELDS, reason: StatusReason.optional() },
    { error: (issue) => (issue.code === "invalid_type" ? "must be a JSON object" : undefined) },
  )
  .refine((patch) => patch.status === undefined || patch.reason !== undefined, {
    error: "is required when status is sent",
    path: ["reason"],
  })
  .refine((patch) => Object.keys(PET_PATCH_FIELDS).some((field) => field in patch), {
    error: `must set at least one of ${Object.keys(PET_PATCH_FIELDS).join(", ")}`,
  })
  .meta({
    id: "PetPatch",
    description:
      "A JSON Merge Patch (RFC 7396) of a pet: the fields sent are set, the others stay, and `null` removes a profile field. `null` for `name`, `categoryId`, `status` or `listed` and unknown fields are refused; `listed` needs no reason. `reason` is required whenever `status` is sent. Name, category and profile fields are beta.",
  });
export type PetPatch = z.infer<typeof PetPatch>;

/** The media types a pet patch may come as: the RFC 7396 one, and plain JSON as for every other body. */
export const PET_PATCH_MEDIA_TYPES = ["application/merge-patch+json", "application/json"] as const;

export const Pets = z.array(Pet).meta({ id: "Pets", description: "A JSON array of Pet" });

/** PATCH /v1/pets/{petId}/photos/{photoId}: alt text, or making it the primary (first) photo. */
export const PhotoPatch = z
  .strictObject(
    { alt: PhotoAlt.optional(), primary: z.literal(true, { error: "must be true" }).optional() },
    { error: (issue) => (issue.code === "invalid_type" ? "must be a JSON object" : undefined) },
  )
  .refine((patch) => patch.alt !== undefined || patch.primary !== undefined, {
    error: "must set at least one of alt, primary",
  })
  .meta({
    id: "PhotoPatch",
    description: "Sets the photo's alt text, and with `primary: true` moves it first. Unknown fields are refused.",
  });
export type PhotoPatch = z.infer<typeof PhotoPatch>;

/** PATCH /v1/pets/{petId}/photos: every photo's id, in the order wanted (the first is primary). */
export const PhotoOrder = z
  .strictObject(
    { order: z.array(PhotoId, { error: "must be an array of photo ids" }).min(1, { error: "must not be empty" }) },
    { error: (issue) => (issue.code === "invalid_type" ? "must be a JSON object" : undefined) },
  )
  .meta({ id: "PhotoOrder", description: "Every photo id of the animal exactly once, the primary first." });
export type PhotoOrder = z.infer<typeof PhotoOrder>;

export const PetPhotos = z.array(PetPhoto).meta({ id: "PetPhotos", description: "The animal's photos, primary first" });
