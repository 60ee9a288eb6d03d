import type { IncomingMessage, ServerResponse } from "node:http";
import { writeFile } from "node:fs/promises";
import { BodyTooLargeError, readBody, saveBody, withBody } from "@/lib/api/body-source";
import { saveReadable } from "@/lib/api/save-body";
import { config } from "@/lib/config";
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from "@/lib/rate-limit/client-address";
import { PlainHeaders } from "./plain-headers";
import { requestUrlOf } from "./request-url";

const incomingOf = Symbol("incoming");
const outgoingOf = Symbol("outgoing");
const fields = Symbol("fields");
const platformRequest = Symbol("platformRequest");
const abortController = Symbol("abortController");
const urlOf = Symbol("url");
const bodyBytes = Symbol("bodyBytes");

interface IncomingRequest {
  [incomingOf]: IncomingMessage;
  [outgoingOf]: ServerResponse;
  [urlOf]: string;
  readonly headers: Headers;
  [fields]?: PlainHeaders;
  [platformRequest]?: Request;
  [abortController]?: AbortController;
  /** The body once read whole (lib/api/body-source.ts), or given to a copy. */
  [bodyBytes]?: Uint8Array;
}

/**
 * The Request a /v1 handler gets from the front server: method, url and headers read
 * straight from Node's IncomingMessage (headers as PlainHeaders, built on first use), the
 * body as a web stream of it when asked for, a signal that aborts when the client goes
 * before its answer, and the body read whole, or saved to a file, straight from Node when a
 * reader asks for it (lib/api/body-source.ts). Anything else a handler might touch (`cache`, `clone()`, …) is
 * served by a platform Request built once on first use. Why not the platform's Request throughout:
 * docs/decisions/112-front-server-request-path.md.
 */
export function incomingRequest(incoming: IncomingMessage, outgoing: ServerResponse, defaultHost: string): Request {
  const request = Object.create(prototype) as IncomingRequest;
  request[incomingOf] = incoming;
  request[outgoingOf] = outgoing;
  request[urlOf] = requestUrlOf(incoming, defaultHost);
  return request as unknown as Request;
}

const prototype = {
  get url(): string {
    return (this as unknown as IncomingRequest)[urlOf];
  },
  get method(): string {
    return (this as unknown as IncomingRequest)[incomingOf].method ?? "GET";
  },
  get headers(): Headers {
    const self = this as unknown as IncomingRequest;
    return (self[fields] ??= headersOf(self[incomingOf]));
  },
  get body(): ReadableStream<Uint8Array> | null {
    return platformRequestOf(this as unknown as IncomingRequest).body;
  },
  get signal(): AbortSignal {
    return signalOf(this as unknown as IncomingRequest);
  },
  [readBody](limit: number): Promise<Uint8Array> {
    const self = this as unknown as IncomingRequest;
    const known = self[bodyBytes];
    if (known) return known.byteLength > limit ? Promise.reject(new BodyTooLargeError(limit)) : Promise.resolve(known);
    if (self[platformRequest]) return Promise.reject(new TypeError("the body is being read as a stream already"));
    return readIncoming(self[incomingOf], limit).then((bytes) => (self[bodyBytes] = bytes));
  },
  [saveBody](limit: number, file: string): Promise<void> {
    const self = this as unknown as IncomingRequest;
    const known = self[bodyBytes];
    if (known)
      return known.byteLength > limit
        ? Promise.reject(new BodyTooLargeError(limit))
        : writeFile(file, known, { flag: "wx", mode: 0o600 });
    if (self[platformRequest]) return Promise.reject(new TypeError("the body is being read as a stream already"));
    return saveReadable(self[incomingOf], file, limit);
  },
  [withBody](bytes: Uint8Array): Request {
    const self = this as unknown as IncomingRequest;
    const copy = Object.create(prototype) as IncomingRequest;
    copy[incomingOf] = self[incomingOf];
    copy[outgoingOf] = self[outgoingOf];
    copy[urlOf] = self[urlOf];
    // The same fields and signal: it is the same request, its body already read.
    copy[fields] = self[fields];
    copy[abortController] = self[abortController];
    copy[bodyBytes] = bytes;
    return copy as unknown as Request;
  },
};

/**
 * Node's request body read whole: no web stream, one promise. Past `limit` the read stops
 * (BodyTooLargeError) with the rest unread; drainIncoming discards it after the answer, so
 * the connection carries on.
 */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<Uint8Array> {
  if (incoming.readableEnded) return Promise.resolve(new Uint8Array());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const detach = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        detach();
        incoming.pause();
        reject(new BodyTooLargeError(limit));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      detach();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      detach();
      reject(error);
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
  });
}

/**
 * The request's fields, with the client address failed authentications are counted
 * against (lib/rate-limit/client-address.ts) worked out from the connection, as start-up's
 * stamp does under `next start`; a client's own value of that field is replaced.
 */
function headersOf(incoming: IncomingMessage): PlainHeaders {
  const headers = PlainHeaders.fromRawHeaders(incoming.rawHeaders);
  const address = resolveClientAddress(
    incoming.socket?.remoteAddress,
    headers.get("x-forwarded-for"),
    config.trustedProxies,
  );
  headers.set(CLIENT_ADDRESS_HEADER, address);
  return headers;
}

/** The platform Request behind everything the view does not answer itself; one per request. */
function platformRequestOf(self: IncomingRequest): Request {
  if (self[platformRequest]) return self[platformRequest];
  const incoming = self[incomingOf];
  const method = incoming.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const init: RequestInit & { duplex?: "half" } = { method, headers: [...self.headers], signal: signalOf(self) };
  if (hasBody) {
    init.body = (self[bodyBytes] as Uint8Array<ArrayBuffer> | undefined) ?? bodyStreamOf(incoming);
    init.duplex = "half";
  }
  return (self[platformRequest] = new globalThis.Request(self[urlOf], init));
}

/**
 * The body as a web stream of the incoming chunks, pulled as the handler reads. A handler
 * that stops reading (a 413) cancels only this stream: the connection stays, its answer
 * can still be written, and drainIncoming then discards what is left of the body.
 */
function bodyStreamOf(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onError = (error: Error) => {
          detach();
          controller.error(error);
        };
        detach = () => {
          incoming.off("data", onData);
          incoming.off("end", onEnd);
          incoming.off("error", onError);
        };
        incoming.on("data", onData);
        incoming.on("end", onEnd);
        incoming.on("error", onError);
      },
      pull() {
        incoming.resume();
      },
      cancel() {
        detach();
        incoming.pause();
      },
    },
    { highWaterMark: 16 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** Aborted when the connection closes before the answer was written, as under Next. */
function signalOf(self: IncomingRequest): AbortSignal {
  if (self[abortController]) return self[abortController].signal;
  const controller = (self[abortController] = new AbortController());
  const outgoing = self[outgoingOf];
  const abortIfCut = () => {
    if (!outgoing.writableFinished) controller.abort(new Error("the client closed the connection"));
  };
  if (outgoing.closed) abortIfCut();
  else outgoing.once("close", abortIfCut);
  return controller.signal;
}

for (const name of [
  "bodyUsed",
  "cache",
  "credentials",
  "destination",
  "integrity",
  "keepalive",
  "mode",
  "redirect",
  "referrer",
  "referrerPolicy",
  "duplex",
] as const) {
  Object.defineProperty(prototype, name, {
    get(this: IncomingRequest) {
      return (platformRequestOf(this) as unknown as Record<string, unknown>)[name];
    },
  });
}
for (const name of ["arrayBuffer", "blob", "bytes", "clone", "formData", "json", "text"] as const) {
  Object.defineProperty(prototype, name, {
    value(this: IncomingRequest) {
      const request = platformRequestOf(this) as unknown as Record<string, () => unknown>;
      return request[name]!.call(request);
    },
  });
}
// `instanceof Request` holds, as it did for the platform's own.
Object.setPrototypeOf(prototype, globalThis.Request.prototype);
