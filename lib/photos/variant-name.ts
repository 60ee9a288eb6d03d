import type { PhotoExt } from "./photo-limits";

/** The name a stored copy goes by, in URLs and in the data directory. */
export function variantName(hash: string, width: number, ext: PhotoExt): string {
  return `${hash}-${width}.${ext}`;
}
