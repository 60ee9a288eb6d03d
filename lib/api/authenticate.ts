import "server-only";
import { digestOf } from "@/lib/keys/key-format";
import { getIssuedKeys } from "@/lib/keys/issued-keys";
import type { KeyRecord } from "@/lib/keys/key-store";
import { grants, SCOPES, type Scope } from "@/lib/keys/scopes";
import { thenMaybe, type MaybePromise } from "@/lib/maybe-promise";
import { isConsoleBearer } from "@/lib/people/bearer-token";
import { personCallerOf } from "@/lib/people/person-caller";
import { getApiKeys } from "./api-keys";
import { B64TOKEN } from "./b64token";
import type { Caller } from "@/lib/keys/caller";
import { ApiError } from "./api-error";
import { parseAuthorization } from "./parse-authorization";

const REALM = 'Bearer realm="petstore"';

/** Why a request was refused at the door: only a wrong key counts toward the failed-auth limit. */
export class InvalidKeyError extends ApiError {}

/** A valid key without the route's scope: the 403, and whose key it was (for the access log). */
export class InsufficientScopeError extends ApiError {
  constructor(
    readonly caller: Caller,
    scope: Scope,
  ) {
    super(403, "insufficient_scope", `${holderOf(caller)} the ${scope} scope.`, undefined, {
      "WWW-Authenticate": `${REALM}, error="insufficient_scope", scope="${scope}"`,
    });
  }
}

function holderOf(caller: Caller): string {
  return caller.personId ? "Your role does not include" : "This API key lacks";
}

/**
 * The caller of a request that carries `Authorization: Bearer <known key>`, else a 401.
 * RFC 6750 §3: a request with no bearer credential gets the bare challenge; one whose
 * token is wrong also gets `error="invalid_token"`; a known key without `scope` gets a 403
 * with `error="insufficient_scope"`. The token is never echoed or logged.
 *
 * Keys from PETSTORE_API_KEYS and the generated key hold every scope; issued keys
 * (npm run keys) hold theirs; a console bearer holds its person's role's (lib/people). A refusal that needs no look-up is thrown at once; the
 * answer is a promise only while keys are being loaded or re-read.
 */
export function authenticate(request: Request, scope?: Scope): MaybePromise<Caller> {
  const parts = parseAuthorization(request.headers.get("authorization") ?? "");
  if (parts?.scheme.toLowerCase() !== "bearer") {
    throw unauthorized("Missing API key: send Authorization: Bearer <key>.", REALM);
  }
  if (!B64TOKEN.test(parts.credentials)) throw invalidKey();
  return thenMaybe(callerOf(parts.credentials), (caller) => {
    if (!caller) throw invalidKey(isConsoleBearer(parts.credentials) ? SESSION_ENDED : undefined);
    if (scope && !grants(caller.scopes, scope)) throw new InsufficientScopeError(caller, scope);
    return caller;
  });
}

/** Answers without a promise once the keys are loaded and the issued keys' copy is fresh. */
function callerOf(token: string): MaybePromise<Caller | undefined> {
  if (isConsoleBearer(token)) return personCallerOf(token);
  return thenMaybe(getApiKeys(), ({ ring, generated }) => {
    const digest = digestOf(token); // once: the configured keys and the issued key's hash are both SHA-256
    const index = ring.indexOfDigest(digest);
    if (index >= 0) return configuredCaller(index, digest, generated !== undefined);
    // A typo or a guess (no issued-key shape, or a failed checksum) is refused by find without a lookup.
    return thenMaybe(getIssuedKeys(), (keys) => thenMaybe(keys.find(token, digest), issuedCaller));
  });
}

// One Caller per key record: the records are replaced whenever the key cache re-reads them.
const callers = new WeakMap<KeyRecord, Caller>();

function issuedCaller(record: KeyRecord | undefined): Caller | undefined {
  if (!record) return undefined;
  let caller = callers.get(record);
  if (!caller) {
    caller = {
      keyId: record.id,
      name: record.name,
      scopes: record.scopes,
      expiresAt: record.expiresAt,
      issuer: record.issuer,
    };
    callers.set(record, caller);
  }
  return caller;
}

const configuredCallers: Caller[] = [];

/**
 * A configured key's caller, named by the key itself: `env-` (or `generated-`) and the first
 * 12 hex digits of its SHA-256, never its position, so removing an entry gives no other key
 * its Idempotency-Key answers, rate-limit bucket or name in the logs (docs/decisions/132).
 */
function configuredCaller(index: number, digest: string, generated: boolean): Caller {
  return (configuredCallers[index] ??= configuredCallerOf(digest, generated));
}

function configuredCallerOf(digest: string, generated: boolean): Caller {
  const keyId = `${generated ? "generated" : "env"}-${digest.slice(0, 12)}`;
  const name = generated ? "generated key" : `PETSTORE_API_KEYS key ${keyId}`;
  return { keyId, name, scopes: SCOPES, issuer: { type: "operator" } };
}

const SESSION_ENDED =
  "The staff sign-in this token came from has ended (signed out, expired or deactivated), or the token is not valid.";

function invalidKey(message = "Invalid API key."): InvalidKeyError {
  return new InvalidKeyError(401, "unauthorized", message, undefined, {
    "WWW-Authenticate": `${REALM}, error="invalid_token"`,
  });
}

function unauthorized(message: string, challenge: string): ApiError {
  return new ApiError(401, "unauthorized", message, undefined, { "WWW-Authenticate": challenge });
}
