import { grants, type Scope } from "@/lib/keys/scopes";
import { EVENT_TYPE_NAMES, READ_SCOPES, readScopeOf, type EventType } from "./event-types";

/*
 * Which events a caller may see (docs/decisions/209): the feed, the audit and a webhook
 * endpoint's choice of types all ask here, so that `key.*` events (every key's name and
 * scopes) reach only callers who may list keys, `person.*` and `session.*` only those who
 * may read people, and so on (READ_SCOPES in ./event-types.ts).
 */

/** The types whose objects a caller holding `scopes` may read. */
export function readableTypes(scopes: readonly Scope[]): EventType[] {
  return EVENT_TYPE_NAMES.filter((type) => {
    const needs = readScopeOf(type);
    return needs === undefined || grants(scopes, needs);
  });
}

/** The types among `types` the caller may not read (none: all readable). */
export function unreadableAmong(scopes: readonly Scope[], types: readonly string[]): EventType[] {
  const readable = new Set<string>(readableTypes(scopes));
  return types.filter((type): type is EventType => !readable.has(type));
}

/** A caller asked for a type its scopes do not let it read. */
export class UnreadableEventTypeError extends Error {
  readonly scope: Scope | undefined;
  constructor(readonly type: EventType) {
    super(`reading ${type} events needs the ${readScopeOf(type)} scope`);
    this.scope = readScopeOf(type);
    this.name = "UnreadableEventTypeError";
  }
}

/**
 * Refuses types the caller may not read (`*`: every type): the choice of a webhook endpoint's
 * types, so that `webhooks:write` does not deliver what its holder may not read themselves.
 */
export function assertReadable(scopes: readonly Scope[], types: readonly string[]): void {
  const [unreadable] = unreadableAmong(scopes, types.includes("*") ? EVENT_TYPE_NAMES : types);
  if (unreadable) throw new UnreadableEventTypeError(unreadable);
}

/** READ_SCOPES as a sentence, for the API's description: "`pet.*` need `pets:read`, …". */
export function describeReadScopes(): string {
  const entries = Object.entries(READ_SCOPES) as [string, string | undefined][];
  const needing = entries.filter(([, scope]) => scope).map(([prefix, scope]) => `\`${prefix}.*\` \`${scope}\``);
  const free = entries.filter(([, scope]) => !scope).map(([prefix]) => `\`${prefix}.*\``);
  return `${needing.join(", ")}${free.length > 0 ? `; ${free.join(", ")} need nothing more` : ""}`;
}
