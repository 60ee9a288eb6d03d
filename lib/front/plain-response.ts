import { PlainHeaders } from "./plain-headers";

/** Where a PlainResponse keeps its body; read by write-response.ts. */
export const PLAIN_BODY = Symbol.for("petstore.plainResponse.body");

type PlainBody = string | Uint8Array | null;

const madeForOneResponse = new WeakSet<PlainHeaders>();

/**
 * The Response the /v1 handlers construct inside the front server's bundle: esbuild's
 * `inject` puts it in place of the global `Response` there only (see
 * scripts/build-front-server.mjs), so Next's bundles keep the platform's. It keeps the body
 * as the string or bytes the handler gave, so the front server writes it in one call
 * instead of draining a web stream (a third of a request's CPU, measured in issue 13's
 * profile). Its Headers are PlainHeaders (./plain-headers.ts). Handlers only ever give a string, bytes or
 * no body; anything else is refused loudly rather than served wrong.
 */
export class PlainResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: PlainHeaders;
  readonly [PLAIN_BODY]: PlainBody;

  constructor(body?: PlainBody, init: ResponseInit = {}) {
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? "";
    // Headers json() made for this response are taken as they are; any others are copied, as
    // the platform's Response copies them.
    const own = init.headers instanceof PlainHeaders && madeForOneResponse.delete(init.headers);
    this.headers = own ? (init.headers as PlainHeaders) : new PlainHeaders(init.headers);
    if (body !== null && body !== undefined && typeof body !== "string" && !(body instanceof Uint8Array)) {
      throw new TypeError("a /v1 response body must be a string, bytes or null");
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
    const bytes = this.bytes();
    return bytes && new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
  }

  /** A copy with its own headers; the body is immutable, so it is shared. */
  clone(): PlainResponse {
    return new PlainResponse(this[PLAIN_BODY], {
      status: this.status,
      statusText: this.statusText,
      headers: new PlainHeaders(this.headers),
    });
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.bytes() ?? new Uint8Array();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    const body = this[PLAIN_BODY];
    return typeof body === "string" ? body : new TextDecoder().decode(body ?? new Uint8Array());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  private bytes(): Uint8Array | null {
    const body = this[PLAIN_BODY];
    return typeof body === "string" ? new TextEncoder().encode(body) : body;
  }
}
