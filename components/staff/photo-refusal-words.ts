import { ApiError } from "@/lib/api/api-error";
import { isServerUnreachable } from "@/lib/api-client/server-unreachable";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PET } from "@/lib/photos/photo-limits";

/**
 * Why a photo was not added, in words a shelter volunteer acts on (issue 40, item 14): what
 * to do next, never a code, a byte count or a pixel limit. The API's own message stays the
 * answer for API clients; the console says it this way.
 */
export function photoRefusalWords(fileName: string, error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  switch (code) {
    case "unsupported_image":
      return `${fileName} is not a kind of picture we can use. Choose a JPEG, PNG or WebP photo (most cameras and phones make JPEG).`;
    case "invalid_image":
      return `${fileName} could not be opened as a picture: it may be damaged or only partly copied. Try another copy of it.`;
    case "image_too_large":
      return `${fileName} is too big, or too long and narrow, to show well. Crop it or save a smaller copy, then add it again.`;
    case "payload_too_large":
      return oversizedWords(fileName);
    case "too_many_photos":
      return `${fileName} was not added: an animal can have ${MAX_PHOTOS_PER_PET} photos. Delete one first.`;
  }
  if (isServerUnreachable(error)) return `${fileName} was not added: the server cannot be reached. Try again shortly.`;
  return `${fileName} was not added: something went wrong on the server. Try again; if it keeps happening, tell whoever looks after the site.`;
}

/** A file refused in the browser before sending: larger than the upload limit. */
export const oversizedWords = (fileName: string) =>
  `${fileName} is too large a file (over ${MAX_PHOTO_BYTES / 1024 / 1024} MB). Save a smaller copy, for example by sending it to yourself by e-mail, then add it again.`;
