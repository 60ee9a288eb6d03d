import { PlainHeaders } from "./plain-headers";

/** Where a PlainResponse keeps its body; read by write-response.ts. */
export const PLAIN_BODY = Symbol.for("petstore.plainResponse.body");
/** A streamed body's size once it has all been read (or the reader went away): the access log's. */
export const STREAMED_BYTES = Symbol.for("petstore.plainResponse.streamedBytes");

/** A whole body's size in bytes, once wholeBodyBytes has worked it out. */
const WHOLE_BYTES = Symbol.for("petstore.plainResponse.wholeBytes");

type PlainBody = string | Uint8Array | ReadableStream<Uint8Array> | null;

/**
 * The size in bytes of a response's whole body (not a stream), worked out once per
 * response: the access log and Content-Length both need it, and a page of pets is tens of
 * kilobytes of text to count (issue 39).
 */
export function wholeBodyBytes(response: object, body: string | Uint8Array | null): number {
  if (body === null) return 0;
  if (typeof body !== "string") return body.byteLength;
  const held = response as { [WHOLE_BYTES]?: number };
  return (held[WHOLE_BYTES] ??= Buffer.byteLength(body));
}

const madeForOneResponse = new WeakSet<PlainHeaders>();

/**
 * The Response the /v1 handlers construct inside the front server's bundle: esbuild's
 * `inject` puts it in place of the global `Response` there only (see
 * scripts/build-front-server.mjs), so Next's bundles keep the platform's. It keeps the body
 * as the string or bytes the handler gave, so the front server writes it in one call
 * instead of draining a web stream (a third of a request's CPU, measured in issue 13's
 * profile). Its Headers are PlainHeaders (./plain-headers.ts). Handlers give a string, bytes or
 * no body, or a stream for a large export (written as it comes, and counted as it passes);
 * anything else is refused loudly rather than served wrong.
 */
export class PlainResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: PlainHeaders;
  [PLAIN_BODY]: PlainBody;
  readonly [STREAMED_BYTES]?: Promise<number>;
  [WHOLE_BYTES]?: number;

  constructor(body?: PlainBody, init: ResponseInit = {}) {
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? "";
    // Headers json() made for this response are taken as they are; any others are copied, as
    // the platform's Response copies them.
    const own = init.headers instanceof PlainHeaders && madeForOneResponse.delete(init.headers);
    this.headers = own ? (init.headers as PlainHeaders) : new PlainHeaders(init.headers);
    if (body instanceof ReadableStream) {
      const counted = countedStream(body);
      this[PLAIN_BODY] = counted.stream;
      this[STREAMED_BYTES] = counted.bytes;
      return;
    }
    if (body !== null && body !== undefined && typeof body !== "string" && !(body instanceof Uint8Array)) {
      throw new TypeError("a /v1 response body must be a string, bytes, a stream of bytes or null");
    }
    this[PLAIN_BODY] = body ?? null;
    // What the platform's Response adds for a string body.
    if (typeof body === "string" && !this.headers.has("content-type"))
      this.headers.set("content-type", "text/plain;charset=UTF-8");
  }

  static json(data: unknown, init: ResponseInit = {}): PlainResponse {
    const headers = new PlainHeaders(init.headers);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    madeForOneResponse.add(headers);
    return new PlainResponse(JSON.stringify(data), { ...init, headers });
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get body(): ReadableStream<Uint8Array> | null {
    const body = this[PLAIN_BODY];
    if (body instanceof ReadableStream) return body;
    const bytes = this.bytes();
    return bytes && new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
  }

  /** A copy with its own headers; the body is immutable, so it is shared (a stream is split in two). */
  clone(): PlainResponse {
    let body = this[PLAIN_BODY];
    if (body instanceof ReadableStream) [this[PLAIN_BODY], body] = body.tee();
    return new PlainResponse(body, {
      status: this.status,
      statusText: this.statusText,
      headers: new PlainHeaders(this.headers),
    });
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = (await this.whole()) ?? new Uint8Array();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    const body = this[PLAIN_BODY] instanceof ReadableStream ? await this.whole() : this[PLAIN_BODY];
    return typeof body === "string" ? body : new TextDecoder().decode(body ?? new Uint8Array());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  private bytes(): Uint8Array | null {
    const body = this[PLAIN_BODY];
    if (body instanceof ReadableStream) throw new TypeError("a streamed body is read with arrayBuffer() or text()");
    return typeof body === "string" ? new TextEncoder().encode(body) : body;
  }

  private async whole(): Promise<Uint8Array | null> {
    const body = this[PLAIN_BODY];
    if (!(body instanceof ReadableStream)) return this.bytes();
    const chunks: Uint8Array[] = [];
    for await (const chunk of body) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
}

/** The stream as it passes, and how many bytes passed once it ends, fails or is cancelled. */
function countedStream(source: ReadableStream<Uint8Array>): {
  stream: ReadableStream<Uint8Array>;
  bytes: Promise<number>;
} {
  const reader = source.getReader();
  let count = 0;
  let settle!: (bytes: number) => void;
  const bytes = new Promise<number>((resolve) => (settle = resolve));
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) {
            controller.close();
            settle(count);
          } else {
            count += next.value.byteLength;
            controller.enqueue(next.value);
          }
        } catch (error) {
          settle(count);
          throw error;
        }
      },
      cancel(reason) {
        settle(count);
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, bytes };
}
