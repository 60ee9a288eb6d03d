import * as z from "zod";
import type { EventActor } from "@/lib/events/event-types";
import { grants, SCOPES, type Scope } from "./scopes";

/*
 * Who stands behind a key: the person who issued it (through a key of theirs too: a key
 * issued by a key inherits that key's issuer, so the chain ends at a person), or the
 * operator (`npm run keys`, PETSTORE_API_KEYS). Kept with the key for as long as the key is
 * listed, unlike the event log. When the person no longer holds a key's scopes (deactivated,
 * erased, demoted) the key is revoked (docs/decisions/203). Isomorphic: the console shows it.
 */
export const KeyIssuer = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("person"),
      id: z.string().min(1).max(64).meta({ description: "The staff account's public id (never its e-mail)" }),
    }),
    z.object({
      type: z.literal("operator").meta({ description: "`npm run keys`, or a key from PETSTORE_API_KEYS" }),
    }),
    z.object({
      type: z
        .literal("unknown")
        .meta({ description: "A key from before issuers were kept whose record does not prove one" }),
    }),
  ])
  .meta({
    id: "KeyIssuer",
    description:
      "Who issued the key: a person (also when they issued it with a key of theirs), or the operator. Their keys are revoked when they lose its scopes.",
  });
export type KeyIssuer = z.infer<typeof KeyIssuer>;

export const OPERATOR_ISSUER: KeyIssuer = Object.freeze({ type: "operator" });
export const UNKNOWN_ISSUER: KeyIssuer = Object.freeze({ type: "unknown" });

interface IssuedRecord {
  id: string;
  issuer?: KeyIssuer;
  createdBy?: EventActor;
}

/**
 * The issuer of a key issued now by `actor`: a person is their own issuer; a key passes on
 * its issuer (`keys` are the stored keys); a key that is not stored (PETSTORE_API_KEYS, the
 * generated key), `npm run keys` and the server itself are the operator.
 */
export function issuerFor(actor: EventActor, keys: readonly IssuedRecord[]): KeyIssuer {
  if (actor.type === "person") return { type: "person", id: actor.id };
  if (actor.type !== "api_key") return OPERATOR_ISSUER;
  const issuing = keys.find((key) => key.id === actor.id);
  return issuing ? (issuing.issuer ?? derivedIssuer(issuing, keys)) : OPERATOR_ISSUER;
}

/**
 * The issuer of a key stored before issuers were kept, from what its record proves: keys
 * without `createdBy` came from `npm run keys` (the only way to issue one before /v1/keys
 * recorded its caller, docs/decisions/186); a person's are theirs; a key's, that key's issuer.
 * A chain that cannot be followed is "unknown".
 */
export function derivedIssuer(
  record: IssuedRecord,
  keys: readonly IssuedRecord[],
  seen = new Set<string>(),
): KeyIssuer {
  if (record.issuer) return record.issuer;
  const actor = record.createdBy;
  if (!actor || actor.type === "operator" || actor.type === "system") return OPERATOR_ISSUER;
  if (actor.type === "person") return { type: "person", id: actor.id };
  if (seen.has(record.id)) return UNKNOWN_ISSUER;
  seen.add(record.id);
  const issuing = keys.find((key) => key.id === actor.id);
  if (!issuing) return /^(env|generated)-/.test(actor.id) ? OPERATOR_ISSUER : UNKNOWN_ISSUER;
  return derivedIssuer(issuing, keys, seen);
}

/** Every scope `held` grants, included ones spelled out (`orders:write` gives `orders:place`). */
export function grantedBy(held: readonly Scope[]): Scope[] {
  return SCOPES.filter((scope) => grants(held, scope));
}

/** True when a key of these scopes outlives what its issuing person now holds. */
export function outlivesIssuer(keyScopes: readonly Scope[], held: readonly Scope[]): boolean {
  return keyScopes.some((scope) => !grants(held, scope));
}
