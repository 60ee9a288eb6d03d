import "server-only";
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type Socket } from "node:net";
import type { AddressPolicy } from "./address-policy";
import { parseRetryAfter } from "./retry-schedule";
import { signMessage, type SignedHeaders } from "./sign";

/** What one attempt came to; exactly what the attempt's record keeps. */
export interface SendOutcome {
  /** The HTTP status; absent when no answer came (refused, timed out, not allowed). */
  statusCode?: number;
  durationMs: number;
  /** The answer's first bytes, as text. */
  responseBody?: string;
  /** Why no answer came, or why it was cut. */
  error?: string;
  /** The answer's Retry-After, in milliseconds. */
  retryAfterMs?: number;
}

/** One delivery's message, signed as it goes (its webhook-timestamp is the moment it is sent). */
export interface OutgoingMessage {
  url: string;
  /** The endpoint's signing secrets (./signing-secrets.ts): each signs. */
  secrets: readonly string[];
  webhookId: string;
  body: string;
}

/** Signs and sends messages: in this thread (createSender) or in a thread of its own (./worker-sender.ts). */
export interface Sender {
  send(message: OutgoingMessage): Promise<SendOutcome>;
  close(): void;
}

/** The share of an answer kept with the attempt. */
export const KEPT_BODY_BYTES = 1024;
/** Past this many bytes an answer is cut off: a receiver has nothing to say that long. */
const READ_BODY_BYTES = 64 * 1024;

class RefusedAddressError extends Error {
  readonly code = "EWEBHOOKADDRESS";
}

/**
 * Sends deliveries as plain POSTs over keep-alive connections. Server-side request forgery
 * (docs/decisions/166): the agent's own DNS lookup drops every address the policy refuses, so
 * the address checked is the address connected to (no second lookup to rebind); a literal IP
 * in the URL is checked before connecting; each new socket's peer is checked again on connect.
 * Redirects are answers like any other (node:http never follows them).
 */
export function createSender(policy: AddressPolicy, options: { timeoutMs: number; maxSockets: number }): Sender {
  const lookup = guardedLookup(policy);
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets, lookup, scheduling: "lifo" as const };
  const agents = { "http:": new http.Agent(agentOptions), "https:": new https.Agent(agentOptions) };
  const targetOf = targets(policy);
  return {
    async send(message) {
      const headers = signMessage(message.secrets, message.webhookId, Math.floor(Date.now() / 1000), message.body);
      return sendOnce(targetOf(message.url), headers, message.body, agents, policy, options.timeoutMs);
    },
    close() {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}

function guardedLookup(policy: AddressPolicy) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, options.all ? [] : "", 0);
      const allowed = addresses.filter((entry) => policy.allows(entry.address));
      if (allowed.length === 0) {
        // Never which addresses: the record is read by staff, and what an internal name
        // resolves to is the map a server-side request forgery is after (docs/decisions/210).
        const why = `${hostname} resolves only to addresses deliveries may not reach (${policy.description})`;
        return callback(new RefusedAddressError(why), options.all ? [] : "", 0);
      }
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** A URL as sent: parsed, and refused when it names an address the policy refuses. */
interface Target {
  url: URL;
  refusal?: string;
}

/** Endpoints are few: past this many URLs the cache starts again. */
const CACHED_TARGETS = 1000;

/**
 * Each URL's Target, worked out once: an endpoint's URL is sent to many times and changes
 * rarely, and parsing it and checking a literal IP on every send cost about 2 % of the
 * dispatcher's CPU. Only the literal is cached: a name is resolved and checked at connect.
 */
function targets(policy: AddressPolicy): (url: string) => Target {
  const known = new Map<string, Target>();
  return (url) => {
    let target = known.get(url);
    if (target) return target;
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^\[|\]$/g, "");
    target =
      isIP(host) !== 0 && !policy.allows(host)
        ? { url: parsed, refusal: refused(host, policy).message }
        : { url: parsed };
    if (known.size >= CACHED_TARGETS) known.clear();
    known.set(url, target);
    return target;
  };
}

function refused(what: string, policy: AddressPolicy): RefusedAddressError {
  return new RefusedAddressError(`${what}, which deliveries may not reach (${policy.description})`);
}

function sendOnce(
  target: Target,
  headers: SignedHeaders,
  body: string,
  agents: Record<"http:" | "https:", http.Agent>,
  policy: AddressPolicy,
  timeoutMs: number,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    if (target.refusal) {
      resolve({ durationMs: 0, error: target.refusal });
      return;
    }
    const protocol = target.url.protocol as "http:" | "https:";
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = (protocol === "https:" ? https : http).request(target.url, {
      method: "POST",
      agent: agents[protocol],
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": "PetStore-Webhooks/1",
      },
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on("socket", (socket: Socket) => {
      // A reused socket was checked when it connected.
      if (!socket.connecting) return;
      socket.once("connect", () => {
        const peer = socket.remoteAddress ?? "";
        if (!policy.allows(peer)) request.destroy(refused("the address connected to", policy));
      });
    });
    request.on("error", (error: NodeJS.ErrnoException) => finish({ error: describeError(error) }));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const retryAfterMs = parseRetryAfter(response.headers["retry-after"], Date.now());
      const answer = (error?: string) =>
        finish({
          statusCode: response.statusCode,
          responseBody: Buffer.concat(chunks).subarray(0, KEPT_BODY_BYTES).toString("utf8"),
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          ...(error ? { error } : {}),
        });
      response.on("data", (chunk: Buffer) => {
        if (size < KEPT_BODY_BYTES) chunks.push(chunk);
        size += chunk.length;
        if (size > READ_BODY_BYTES) {
          answer(`answer cut off after ${READ_BODY_BYTES} bytes`);
          response.destroy();
        }
      });
      response.on("end", () => answer());
      response.on("error", (error) => answer(describeError(error)));
    });
    request.end(body);
  });
}

/**
 * Why an attempt failed, as its record keeps it. A system error's message names the address
 * it was connecting to (`connect ECONNREFUSED 10.0.0.5:80`), which for a name is what it
 * resolved to: only the call and the code are kept (docs/decisions/210).
 */
function describeError(error: NodeJS.ErrnoException & { address?: string }): string {
  if (error instanceof RefusedAddressError) return error.message;
  if (error.address !== undefined && error.code) return `${error.syscall ?? "connect"} failed (${error.code})`;
  return error.code ? `${error.message} (${error.code})` : error.message;
}
