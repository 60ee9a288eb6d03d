import { defineResource } from "@/lib/resources/define-resource";

/**
 * An animal's photos (docs/decisions/175, 176), declared once (docs/decisions/282, 315): their
 * error codes. Their operations are listed under the pets' tag and need the pets' scopes; they
 * record no events. Their refusals are answered by their operations (lib/api/photos-api.ts),
 * the busy queue's with a `Retry-After` a declaration cannot say.
 */
export const photosResource = defineResource({
  name: "photos",
  decision: 175,
  errorCodes: {
    invalid_photo_id: { status: 400, description: "`photoId` is not a positive decimal integer" },
    unsupported_image: {
      status: 415,
      description:
        "the uploaded bytes are not a JPEG, PNG or WebP image, whatever the file's name or Content-Type said",
    },
    invalid_image: { status: 422, description: "the image cannot be decoded: it is damaged or cut short" },
    image_too_large: {
      status: 422,
      description:
        "the image has more pixels, a longer side or a narrower shape than are accepted (a decompression bomb, a 1 × 49,000,000 strip), or could not be stored at the sizes kept",
    },
    too_many_photos: { status: 409, description: "the animal has as many photos as it may have; delete one first" },
    photos_busy: {
      status: 503,
      description: "too many photos are being processed right now; nothing was saved, retry after `Retry-After`",
    },
  },
});
