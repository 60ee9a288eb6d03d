import { randomFillSync } from "node:crypto";

// Echo a caller's id so its logs and ours line up, but only a tame one: anything longer or
// stranger could smuggle text into log lines or response headers.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: Request): string {
  return requestIdFrom(request.headers.get("x-request-id"));
}

/** The caller's X-Request-Id if it is tame, else a new one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : newRequestId();
}

// Random bytes for 256 ids at a time, as Node's own randomUUID keeps them: under `npm start`
// Next wraps crypto.randomUUID (and randomFillSync) with a check of its render state on
// every call, which made the id a tenth of the access log's cost (issue 39).
const IDS_PER_FILL = 256;
const pool = Buffer.alloc(16 * IDS_PER_FILL);
let nextId = IDS_PER_FILL;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** A random (version 4) UUID, as crypto.randomUUID makes: RFC 9562 §5.4. */
export function newRequestId(): string {
  if (nextId === IDS_PER_FILL) {
    randomFillSync(pool);
    nextId = 0;
  }
  const at = 16 * nextId++;
  const hex = (offset: number) => HEX[pool[at + offset]!]!;
  return (
    `${hex(0)}${hex(1)}${hex(2)}${hex(3)}-${hex(4)}${hex(5)}-` +
    `${HEX[(pool[at + 6]! & 0x0f) | 0x40]}${hex(7)}-${HEX[(pool[at + 8]! & 0x3f) | 0x80]}${hex(9)}-` +
    `${hex(10)}${hex(11)}${hex(12)}${hex(13)}${hex(14)}${hex(15)}`
  );
}
