import "server-only";
import * as z from "zod";
import { PhotoAlt, PhotoOrder, PhotoPatch, PetId, PetPhoto, PetPhotos, PhotoId } from "@/lib/pets/schemas";
import { getPetStore } from "@/lib/composition";
import { getPhotoStore } from "@/lib/photos";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PET, MAX_INPUT_PIXELS, PHOTO_WIDTHS } from "@/lib/photos/photo-limits";
import { petPhotoOf } from "@/lib/photos/photo-json";
import { addUploadedPhoto } from "@/lib/photos/photo-processor";
import {
  PhotoNotFoundError,
  PhotoOrderMismatchError,
  PhotoQueueFullError,
  PhotoRefusedError,
  TooManyPhotosError,
} from "@/lib/photos/photo-errors";
import { getLogger } from "@/lib/ops/logger";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { ApiError } from "./api-error";
import { parseBody } from "./parse-body";
import { parsePetId } from "./parse-pet-id";
import { parseSearchParams } from "./parse-search-params";
import { saveBodyAtMost } from "./save-body";
import { errorRefs } from "./openapi/error-responses";
import { schemaOf } from "./openapi/json-schema";
import { headerRefs } from "./openapi/response-headers";
import { RATE_LIMIT_HEADERS } from "./openapi/shared-parts";
import { BETA, COMMON_ERRORS, jsonAnswer, jsonOf, pathParameter } from "./openapi/operation-parts";

const petIdParameter = pathParameter("petId", "ID of the animal", schemaOf(PetId));
const photoIdParameter = pathParameter("photoId", "ID of the photo", schemaOf(PhotoId));
const image = { schema: { type: "string", contentMediaType: "application/octet-stream" } } as const;

type PhotosContext = { params: Promise<{ petId: string }> };
type PhotoContext = { params: Promise<{ petId: string; photoId: string }> };

const UploadParams = z.strictObject({ alt: PhotoAlt.optional() });

/**
 * uploadPhoto: POST /v1/pets/{petId}/photos, the image as the body. Its type is read from
 * its bytes; it is decoded, turned upright, stripped of metadata and stored at fixed widths
 * in three formats (lib/photos/process-photo.ts) before the 201. Checks that cost nothing
 * (the pet, its photo count, the declared length) come before the body is read.
 */
export const uploadPhoto = defineOperation(
  {
    operationId: "uploadPhoto",
    method: "POST",
    path: "/pets/{petId}/photos",
    scope: "pets:write",
    stability: "beta",
    summary: "Add a photo of an animal",
    document: {
      tag: "pets",
      description: `The image itself is the body: a JPEG, PNG or WebP of at most ${MAX_PHOTO_BYTES} bytes (15 MiB) and ${MAX_INPUT_PIXELS.toLocaleString("en")} pixels. Its type is read from its bytes; the Content-Type and any file name are not trusted. It is turned upright from its EXIF orientation, stripped of all metadata (EXIF, GPS), and stored at widths ${PHOTO_WIDTHS.join(", ")} px (never wider than the original) in AVIF, WebP and JPEG before the 201. An animal has at most ${MAX_PHOTOS_PER_PET} photos; a new one goes last. ${BETA}`,
      parameters: [
        petIdParameter,
        {
          name: "alt",
          in: "query",
          required: false,
          description: "The photo's alt text",
          schema: schemaOf(PhotoAlt),
        },
      ],
      requestBody: {
        required: true,
        content: { "image/jpeg": image, "image/png": image, "image/webp": image, "application/octet-stream": image },
      },
      responses: {
        "201": jsonAnswer("The photo as stored", PetPhoto, "Location"),
        ...errorRefs({
          "400": "BadRequest",
          "404": "NotFound",
          "409": "TooManyPhotos",
          "413": "PhotoTooLarge",
          "415": "UnsupportedImage",
          "422": "ImageRefused",
          ...COMMON_ERRORS,
          "503": "PhotosBusy",
        }),
      },
    },
  },
  async (request, context, caller) => {
    const petId = await petIdOf(context);
    const { alt = "" } = parseSearchParams(request.url, UploadParams);
    if (Number(request.headers.get("content-length") ?? 0) > MAX_PHOTO_BYTES) throw photoTooLarge();
    const photos = await getPhotoStore();
    await requirePet(petId);
    if ((await photos.listPhotos(petId)).length >= MAX_PHOTOS_PER_PET) throw tooManyPhotos();
    // Admitted to the photo queue before the body is read: a refused upload is never saved.
    const save = (file: string) => saveBodyAtMost(request, MAX_PHOTO_BYTES, file, photoTooLarge);
    const record = await addUploadedPhoto(photos, petId, alt, save).catch(photoError);
    getLogger().info({ event: "photo_added", petId, photoId: record.id, keyId: caller?.keyId });
    return jsonResponse(petPhotoOf(record), 201, { Location: `/v1/pets/${petId}/photos/${record.id}` });
  },
);

/** listPhotos: GET /v1/pets/{petId}/photos, the primary first. */
export const listPhotos = defineOperation(
  {
    operationId: "listPhotos",
    method: "GET",
    path: "/pets/{petId}/photos",
    scope: "pets:read",
    stability: "beta",
    summary: "List an animal's photos",
    document: {
      tag: "pets",
      description: `The primary photo first. The same photos appear in the animal's \`photos\` field. ${BETA}`,
      parameters: [petIdParameter],
      responses: {
        "200": jsonAnswer("The animal's photos, primary first", PetPhotos),
        ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (_request, context) => {
    const petId = await petIdOf(context);
    await requirePet(petId);
    const records = await (await getPhotoStore()).listPhotos(petId);
    return jsonResponse(records.map(petPhotoOf));
  },
);

/** reorderPhotos: PATCH /v1/pets/{petId}/photos with every photo id in the order wanted. */
export const reorderPhotos = defineOperation(
  {
    operationId: "reorderPhotos",
    method: "PATCH",
    path: "/pets/{petId}/photos",
    scope: "pets:write",
    stability: "beta",
    summary: "Reorder an animal's photos",
    document: {
      tag: "pets",
      description: `Every photo id exactly once, in the order wanted; the first becomes the primary photo. ${BETA}`,
      parameters: [petIdParameter],
      requestBody: { required: true, content: jsonOf(PhotoOrder) },
      responses: {
        "200": jsonAnswer("The animal's photos in their new order", PetPhotos),
        ...errorRefs({
          "400": "BadRequest",
          "404": "NotFound",
          "413": "PayloadTooLarge",
          "415": "UnsupportedMediaType",
          ...COMMON_ERRORS,
        }),
      },
    },
  },
  async (request, context) => {
    const petId = await petIdOf(context);
    const { order } = await parseBody(request, PhotoOrder, "photo order");
    await requirePet(petId);
    const records = await (await getPhotoStore()).reorderPhotos(petId, order).catch(photoError);
    return jsonResponse(records.map(petPhotoOf));
  },
);

/** updatePhoto: PATCH /v1/pets/{petId}/photos/{photoId}: alt text, or primary. */
export const updatePhoto = defineOperation(
  {
    operationId: "updatePhoto",
    method: "PATCH",
    path: "/pets/{petId}/photos/{photoId}",
    scope: "pets:write",
    stability: "beta",
    summary: "Set a photo's alt text, or make it the primary photo",
    document: {
      tag: "pets",
      description: `\`alt\` replaces the alt text; \`primary: true\` moves the photo first. ${BETA}`,
      parameters: [petIdParameter, photoIdParameter],
      requestBody: { required: true, content: jsonOf(PhotoPatch) },
      responses: {
        "200": jsonAnswer("The photo as it is now", PetPhoto),
        ...errorRefs({
          "400": "BadRequest",
          "404": "NotFound",
          "413": "PayloadTooLarge",
          "415": "UnsupportedMediaType",
          ...COMMON_ERRORS,
        }),
      },
    },
  },
  async (request, context) => {
    const { petId, photoId } = await idsOf(context);
    const patch = await parseBody(request, PhotoPatch, "photo patch");
    await requirePet(petId);
    const records = await (await getPhotoStore()).updatePhoto(petId, photoId, patch).catch(photoError);
    return jsonResponse(petPhotoOf(records.find((record) => record.id === photoId)!));
  },
);

/** deletePhoto: DELETE /v1/pets/{petId}/photos/{photoId}; its addresses stop answering. */
export const deletePhoto = defineOperation(
  {
    operationId: "deletePhoto",
    method: "DELETE",
    path: "/pets/{petId}/photos/{photoId}",
    scope: "pets:write",
    stability: "beta",
    summary: "Delete a photo",
    document: {
      tag: "pets",
      description: `Its addresses under /photos stop answering (404), unless the same image is another photo too. ${BETA}`,
      parameters: [petIdParameter, photoIdParameter],
      responses: {
        "204": {
          description: "Deleted",
          headers: headerRefs("XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
        },
        ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (_request, context, caller) => {
    const { petId, photoId } = await idsOf(context);
    await requirePet(petId);
    await (await getPhotoStore()).deletePhoto(petId, photoId).catch(photoError);
    getLogger().info({ event: "photo_deleted", petId, photoId, keyId: caller?.keyId });
    return new Response(null, { status: 204 });
  },
);

async function petIdOf(context: PhotosContext): Promise<number> {
  const petId = parsePetId((await context.params).petId);
  if (petId === undefined) throw noSuchPet();
  return petId;
}

async function idsOf(context: PhotoContext): Promise<{ petId: number; photoId: number }> {
  const params = await context.params;
  const petId = parsePetId(params.petId);
  if (!/^[1-9][0-9]{0,15}$/.test(params.photoId)) {
    throw new ApiError(400, "invalid_photo_id", "photoId must be a positive integer such as 7.", [
      { field: "photoId", message: "must be a positive integer" },
    ]);
  }
  if (petId === undefined) throw noSuchPet();
  return { petId, photoId: Number(params.photoId) };
}

async function requirePet(petId: number): Promise<void> {
  if (!(await (await getPetStore()).get(petId))) throw noSuchPet();
}

/** The photo store's and processor's refusals as the API's answers; anything else as it is. */
function photoError(error: unknown): never {
  if (error instanceof PhotoRefusedError) {
    throw new ApiError(error.reason === "unsupported_image" ? 415 : 422, error.reason, error.message);
  }
  if (error instanceof TooManyPhotosError) throw tooManyPhotos();
  if (error instanceof PhotoNotFoundError)
    throw new ApiError(404, "not_found", "This animal has no photo with this id.");
  if (error instanceof PhotoOrderMismatchError) {
    throw new ApiError(
      400,
      "invalid_body",
      "Invalid photo order: order must name each of the animal's photos exactly once.",
      [{ field: "order", message: "must name each of the animal's photos exactly once" }],
    );
  }
  if (error instanceof PhotoQueueFullError) {
    throw new ApiError(503, "photos_busy", "Too many photos are being processed; retry shortly.", undefined, {
      "Retry-After": "2",
    });
  }
  throw error;
}

const noSuchPet = () => new ApiError(404, "not_found", "No pet has this id.");
const tooManyPhotos = () =>
  new ApiError(
    409,
    "too_many_photos",
    `This animal has ${MAX_PHOTOS_PER_PET} photos, the most it may have; delete one first.`,
  );
const photoTooLarge = () =>
  new ApiError(413, "payload_too_large", `The photo is larger than ${MAX_PHOTO_BYTES} bytes.`);
