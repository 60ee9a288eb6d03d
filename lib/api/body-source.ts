/**
 * What a Request may offer besides its web stream: its body read straight from where it
 * arrives, or saved straight to a file (an upload: docs/decisions/199), and a copy of itself
 * with the body already read. The front server's view of Node's request
 * (lib/front/incoming-request.ts) offers all three, so a /v1 write builds no platform Request
 * and no web stream for its small JSON body (docs/decisions/113); the platform's Request
 * under `next start` offers none and is read as a stream.
 * Symbol.for: the view and the readers may live in different bundles.
 */
export const readBody = Symbol.for("petstore.request.readBody");
export const withBody = Symbol.for("petstore.request.withBody");
export const saveBody = Symbol.for("petstore.request.saveBody");

export interface BodySource {
  /** The whole body, or BodyTooLargeError as soon as more than `limit` bytes arrived. */
  [readBody](limit: number): Promise<Uint8Array>;
  /** The same request, its body these bytes (already read, so readable again). */
  [withBody](bytes: Uint8Array): Request;
  /** The body written to `file` as it arrives, or BodyTooLargeError past `limit` (lib/api/save-body.ts). */
  [saveBody](limit: number, file: string): Promise<void>;
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the request body is larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

export function isBodySource(request: Request): request is Request & BodySource {
  return readBody in request;
}
