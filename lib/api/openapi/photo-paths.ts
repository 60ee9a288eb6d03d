import "server-only";
import { PetId, PetPhoto, PetPhotos, PhotoAlt, PhotoId, PhotoOrder, PhotoPatch } from "@/lib/pets/schemas";
import { MAX_INPUT_PIXELS, MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PET, PHOTO_WIDTHS } from "@/lib/photos/photo-limits";
import { errorRefs } from "./error-responses";
import { schemaOf } from "./json-schema";
import { headerRefs } from "./response-headers";
import { RATE_LIMIT_HEADERS } from "./shared-parts";
import { BETA, COMMON_ERRORS, jsonAnswer, jsonOf, pathParameter } from "./operation-parts";

// Touch the schemas so their registration (the `.meta({ id })` calls) is certain to have run.
void [PetPhoto, PetPhotos, PhotoOrder, PhotoPatch];

const petIdParameter = pathParameter("petId", "ID of the animal", schemaOf(PetId));
const photoIdParameter = pathParameter("photoId", "ID of the photo", schemaOf(PhotoId));
const image = { schema: { type: "string", contentMediaType: "application/octet-stream" } };

/** The photo operations (issue 24, beta; docs/decisions/175 and 176). */
export function photoPaths() {
  return {
    "/pets/{petId}/photos": {
      get: {
        operationId: "listPhotos",
        tags: ["pets"],
        "x-stability": "beta",
        summary: "List an animal's photos",
        description: `The primary photo first. The same photos appear in the animal's \`photos\` field. ${BETA}`,
        security: [{ bearerAuth: ["pets:read"] }],
        parameters: [petIdParameter],
        responses: {
          "200": jsonAnswer("The animal's photos, primary first", "PetPhotos"),
          ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
        },
      },
      post: {
        operationId: "uploadPhoto",
        tags: ["pets"],
        "x-stability": "beta",
        summary: "Add a photo of an animal",
        description: `The image itself is the body: a JPEG, PNG or WebP of at most ${MAX_PHOTO_BYTES} bytes (15 MiB) and ${MAX_INPUT_PIXELS.toLocaleString("en")} pixels. Its type is read from its bytes; the Content-Type and any file name are not trusted. It is turned upright from its EXIF orientation, stripped of all metadata (EXIF, GPS), and stored at widths ${PHOTO_WIDTHS.join(", ")} px (never wider than the original) in AVIF, WebP and JPEG before the 201. An animal has at most ${MAX_PHOTOS_PER_PET} photos; a new one goes last. ${BETA}`,
        security: [{ bearerAuth: ["pets:write"] }],
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
          "201": jsonAnswer("The photo as stored", "PetPhoto", "Location"),
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
      patch: {
        operationId: "reorderPhotos",
        tags: ["pets"],
        "x-stability": "beta",
        summary: "Reorder an animal's photos",
        description: `Every photo id exactly once, in the order wanted; the first becomes the primary photo. ${BETA}`,
        security: [{ bearerAuth: ["pets:write"] }],
        parameters: [petIdParameter],
        requestBody: { required: true, content: jsonOf("PhotoOrder") },
        responses: {
          "200": jsonAnswer("The animal's photos in their new order", "PetPhotos"),
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
    "/pets/{petId}/photos/{photoId}": {
      patch: {
        operationId: "updatePhoto",
        tags: ["pets"],
        "x-stability": "beta",
        summary: "Set a photo's alt text, or make it the primary photo",
        description: `\`alt\` replaces the alt text; \`primary: true\` moves the photo first. ${BETA}`,
        security: [{ bearerAuth: ["pets:write"] }],
        parameters: [petIdParameter, photoIdParameter],
        requestBody: { required: true, content: jsonOf("PhotoPatch") },
        responses: {
          "200": jsonAnswer("The photo as it is now", "PetPhoto"),
          ...errorRefs({
            "400": "BadRequest",
            "404": "NotFound",
            "413": "PayloadTooLarge",
            "415": "UnsupportedMediaType",
            ...COMMON_ERRORS,
          }),
        },
      },
      delete: {
        operationId: "deletePhoto",
        tags: ["pets"],
        "x-stability": "beta",
        summary: "Delete a photo",
        description: `Its addresses under /photos stop answering (404), unless the same image is another photo too. ${BETA}`,
        security: [{ bearerAuth: ["pets:write"] }],
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
  };
}
