import { PLAIN_BODY, STREAMED_BYTES, wholeBodyBytes } from "@/lib/front/plain-response";

/**
 * The size of a response's body, for the access log. A PlainResponse (the front server's)
 * holds its body, so this is free, or counts a streamed one as it is written; the platform's Response (under `next start`) says its
 * length only if a header does, else a clone is read: a /v1 body is at most a page of
 * pets or the OpenAPI document.
 */
export function bodyBytesOf(response: Response): number | Promise<number> {
  const streamed = (response as unknown as { [STREAMED_BYTES]?: Promise<number> })[STREAMED_BYTES];
  if (streamed) return streamed;
  if (PLAIN_BODY in response) {
    const body = (response as unknown as { [PLAIN_BODY]: string | Uint8Array | null })[PLAIN_BODY];
    return wholeBodyBytes(response, body);
  }
  const length = response.headers.get("content-length");
  if (length !== null && /^[0-9]+$/.test(length)) return Number(length);
  if (!response.body) return 0;
  return response
    .clone()
    .arrayBuffer()
    .then((buffer) => buffer.byteLength);
}
