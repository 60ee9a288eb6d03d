import "server-only";
import { BodyTooLargeError, isBodySource, readBody } from "./body-source";
import { ApiError } from "./api-error";

/** The interface document sets no body limit; a NewPet is well under 1 KiB, so 16 KiB is generous. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Reads a JSON request body: `application/json` only (415 otherwise), at most
 * MAX_BODY_BYTES (413, stopping the read as soon as the limit is passed, so a huge or
 * endless body is never buffered), UTF-8 and well-formed (400 `invalid_json`).
 */
export async function readJsonBody(
  request: Request,
  mediaTypes: readonly string[] = ["application/json"],
): Promise<unknown> {
  if (!isOneOf(request.headers.get("content-type"), mediaTypes)) {
    const names = mediaTypes.join(" or ");
    throw new ApiError(415, "unsupported_media_type", `Send the body as JSON with Content-Type: ${names}.`);
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();

  const text = decodeUtf8(await readAtMost(request, MAX_BODY_BYTES));
  if (text.trim() === "") throw invalidJson("The request body is empty: send a NewPet JSON object.");
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson("The request body is not valid JSON.");
  }
}

/** The raw body, at most MAX_BODY_BYTES (413 otherwise, without buffering more). */
export async function readBodyBytes(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  return readAtMost(request, MAX_BODY_BYTES);
}

function isOneOf(contentType: string | null, mediaTypes: readonly string[]): boolean {
  const mediaType = contentType?.split(";", 1)[0]?.trim().toLowerCase();
  return mediaType !== undefined && mediaTypes.includes(mediaType);
}

async function readAtMost(request: Request, limit: number, tooLargeError: () => Error = tooLarge): Promise<Uint8Array> {
  if (isBodySource(request)) {
    try {
      return await request[readBody](limit);
    } catch (error) {
      throw error instanceof BodyTooLargeError ? tooLargeError() : error;
    }
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw invalidJson("The request body is not valid UTF-8.");
  }
}

function tooLarge(): ApiError {
  return new ApiError(413, "payload_too_large", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
}

function invalidJson(message: string): ApiError {
  return new ApiError(400, "invalid_json", message);
}
