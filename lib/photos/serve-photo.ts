import "server-only";
import { thenMaybe, type MaybePromise } from "@/lib/maybe-promise";
import { getPhotoStore } from "./index";
import { PHOTO_FORMATS, type PhotoExt } from "./photo-limits";
import { PHOTOS_PATH } from "./photo-json";

/** A stored copy's answer, for either server to write (app/photos/[file]/route.ts, server.ts). */
export interface PhotoAnswer {
  status: 200 | 304 | 404 | 405;
  headers: Record<string, string>;
  body?: Buffer;
}

// The name holds the content's hash: what is served under it never changes (RFC 8246).
const IMMUTABLE = "public, max-age=31536000, immutable";
const NAME = /^([0-9a-f]{32})-([1-9][0-9]{0,3})\.(avif|webp|jpg)$/;
const TYPES = Object.fromEntries(PHOTO_FORMATS.map(({ ext, type }) => [ext, type])) as Record<PhotoExt, string>;

/** `/photos/…` targets, query or not. */
export function isPhotoTarget(target: string): boolean {
  return target.startsWith(`${PHOTOS_PATH}/`);
}

/**
 * Answers GET or HEAD of `/photos/<hash>-<width>.<ext>`: the copy with its type, length,
 * an ETag and a year's immutable caching, 304 to a matching If-None-Match, 404 (not cached)
 * for a name no photo has, including one deleted since. At once, without a promise, when
 * the store is open and the copy in memory (the hot path: docs/decisions/112).
 */
export function answerPhoto(method: string, name: string, ifNoneMatch: string | null): MaybePromise<PhotoAnswer> {
  if (method !== "GET" && method !== "HEAD") {
    return { status: 405, headers: { Allow: "GET, HEAD", "Cache-Control": "no-store", "Content-Length": "0" } };
  }
  const match = NAME.exec(name);
  if (!match) return notFound();
  const [, hash, width, ext] = match as unknown as [string, string, string, PhotoExt];
  const etag = `"${hash}-${width}-${ext}"`;
  const bytes = thenMaybe(getPhotoStore(), (store) => store.readVariant(hash, Number(width), ext));
  return thenMaybe(bytes, (found) => (found ? copyAnswer(found, ext, etag, ifNoneMatch) : notFound()));
}

function copyAnswer(bytes: Buffer, ext: PhotoExt, etag: string, ifNoneMatch: string | null): PhotoAnswer {
  const headers = { "Content-Type": TYPES[ext], "Cache-Control": IMMUTABLE, ETag: etag };
  if (ifNoneMatch !== null && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) {
    return { status: 304, headers };
  }
  return { status: 200, headers: { ...headers, "Content-Length": String(bytes.byteLength) }, body: bytes };
}

function notFound(): PhotoAnswer {
  return {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    body: Buffer.from("No photo has this address.\n"),
  };
}
