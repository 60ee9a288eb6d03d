import http from "node:http";
import net from "node:net";
import { expect, inject } from "vitest";
import { checkConformance } from "./conformance";

/**
 * The HTTP client every api test uses. It speaks plain node:http (not fetch) so a test
 * can send what real clients and attackers send: no Content-Type, a chunked body, a
 * Content-Length that lies, an arbitrary Authorization header. Every response goes
 * through the conformance check (see conformance.ts) before the test sees it.
 */

export interface ApiResponse {
  method: string;
  path: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", " (set-cookie kept as an array). */
  headers: http.IncomingHttpHeaders;
  /** Header lines exactly as received, in order. */
  rawHeaders: string[];
  text: string;
  /** Parsed body, or undefined when the body is empty or not JSON. */
  json: any;
}

export interface ApiOptions {
  method?: string;
  /** Bearer key to send; defaults to the first test key. `null` sends no Authorization header. */
  key?: string | null;
  /** A complete Authorization header value; overrides `key`. */
  authorization?: string;
  /** Serialised with JSON.stringify and sent as application/json (unless contentType says otherwise). */
  json?: unknown;
  /** Sent byte for byte. */
  body?: string | Buffer;
  /** Sent with Transfer-Encoding: chunked, one write per element, no Content-Length. */
  chunks?: (string | Buffer)[];
  /** Content-Type to send; defaults to application/json when there is a body; `null` sends none. */
  contentType?: string | null;
  /** A Content-Length header to send instead of the real one (the body is written, the request kept open). */
  declaredLength?: number;
  headers?: Record<string, string | string[]>;
  /** Skip the OpenAPI lookup for this call. Only for paths that no document could describe. */
  skipOperationCheck?: boolean;
  /**
   * Skip every conformance check, giving the reason. Only for responses the application
   * never sees (for example Node's own 431 for an oversized request head).
   */
  unchecked?: string;
  timeoutMs?: number;
}

export function keys(): string[] {
  return inject("apiKeys");
}

export function validKey(): string {
  return keys()[0] as string;
}

export async function api(path: string, options: ApiOptions = {}): Promise<ApiResponse> {
  const response = await send(path, options);
  if (options.unchecked) return response;
  await checkConformance(response, { skipOperationCheck: options.skipOperationCheck });
  return response;
}

function send(path: string, options: ApiOptions): Promise<ApiResponse> {
  const method =
    options.method ?? (options.json !== undefined || options.body !== undefined || options.chunks ? "POST" : "GET");
  const headers: Record<string, string | string[]> = {};
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  else if (options.key !== null) headers.authorization = `Bearer ${options.key ?? validKey()}`;

  let body: Buffer | undefined;
  if (options.json !== undefined) body = Buffer.from(JSON.stringify(options.json));
  else if (options.body !== undefined) body = Buffer.from(options.body);
  const hasBody = body !== undefined || options.chunks !== undefined;
  const contentType = options.contentType === undefined ? (hasBody ? "application/json" : null) : options.contentType;
  if (contentType !== null) headers["content-type"] = contentType;
  if (options.declaredLength !== undefined) headers["content-length"] = String(options.declaredLength);
  else if (body !== undefined) headers["content-length"] = String(body.length);
  Object.assign(headers, options.headers);

  const url = new URL(inject("baseUrl"));
  return new Promise<ApiResponse>((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? 15_000;
    const request = http.request({
      host: url.hostname,
      port: url.port,
      method,
      path,
      headers,
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${method} ${shorten(path)}: no complete response within ${timeoutMs} ms`));
    }, timeoutMs);
    // The server may answer (413, 401) before the whole body is written and close the
    // connection; a write error after the response arrived is expected, not a failure.
    let answered = false;
    request.on("error", (error) => {
      if (!answered) {
        clearTimeout(timer);
        reject(new Error(`${method} ${shorten(path)}: ${error.message}`));
      }
    });
    request.on("response", (incoming) => {
      answered = true;
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      incoming.on("end", () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({
          method,
          path,
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          rawHeaders: incoming.rawHeaders,
          text,
          json: parseJson(text),
        });
        if (options.declaredLength !== undefined) request.destroy();
      });
    });
    if (options.chunks) {
      for (const chunk of options.chunks) request.write(chunk);
      request.end();
    } else if (options.declaredLength !== undefined) {
      // Leave the request open: a server that trusts the header must answer without waiting.
      if (body) request.write(body);
    } else {
      request.end(body);
    }
  });
}

/**
 * Sends bytes exactly as given over a fresh TCP connection (for header values that
 * node:http refuses to send) and parses the HTTP/1.1 response. The request should ask
 * for `Connection: close`.
 */
export async function rawRequest(
  requestText: string | Buffer,
  options: { skipOperationCheck?: boolean } = {},
): Promise<ApiResponse> {
  const url = new URL(inject("baseUrl"));
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("raw request: no response within 15 s"));
    }, 15_000);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error) => {
      clearTimeout(timer);
      if (chunks.length > 0) resolve(Buffer.concat(chunks));
      else reject(error);
    });
    socket.on("end", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    socket.write(requestText);
  });
  const firstLine = Buffer.from(requestText).toString("latin1").split("\r\n")[0] ?? "";
  const [method = "GET", path = "/"] = firstLine.split(" ");
  const response = parseRawResponse(bytes, method, path);
  await checkConformance(response, options);
  return response;
}

function parseRawResponse(bytes: Buffer, method: string, path: string): ApiResponse {
  const split = bytes.indexOf("\r\n\r\n");
  if (split < 0)
    throw new Error(`raw response has no header end: ${JSON.stringify(bytes.toString("latin1").slice(0, 200))}`);
  const head = bytes.subarray(0, split).toString("latin1").split("\r\n");
  const statusLine = head.shift() ?? "";
  const status = Number(statusLine.split(" ")[1]);
  const headers: http.IncomingHttpHeaders = {};
  const rawHeaders: string[] = [];
  for (const line of head) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    rawHeaders.push(name, value);
    const lower = name.toLowerCase();
    const previous = headers[lower];
    headers[lower] = previous === undefined ? value : `${previous}, ${value}`;
  }
  let body = bytes.subarray(split + 4);
  if (/chunked/i.test(String(headers["transfer-encoding"] ?? ""))) body = dechunk(body);
  const text = body.toString("utf8");
  return { method, path, status, headers, rawHeaders, text, json: parseJson(text) };
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf("\r\n", offset);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function shorten(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
}

/** Asserts an Error body with this status and code; returns the message for further checks. */
export function expectError(response: ApiResponse, status: number, code: string): string {
  const context = `${response.method} ${shorten(response.path)} → ${response.status} ${shorten(response.text, 300)}`;
  expect(response.status, context).toBe(status);
  expect(response.json?.code, context).toBe(code);
  expect(response.json?.status, context).toBe(status);
  return response.json.message as string;
}

/** A single header value as a string (fails on a missing header). */
export function header(response: ApiResponse, name: string): string {
  const value = response.headers[name.toLowerCase()];
  expect(value, `${response.method} ${shorten(response.path)} header ${name}`).toBeDefined();
  return Array.isArray(value) ? value.join(", ") : (value as string);
}
