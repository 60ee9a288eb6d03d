import "server-only";
import { config } from "@/lib/config";
import { getAccountStore } from "@/lib/people/accounts";
import { scopesOf } from "@/lib/people/roles";
import { digestOf } from "./key-format";
import { listIssuedKeys } from "./issued-keys";
import { isUsable } from "./key-store";
import { grants, type Scope } from "./scopes";

/** Who a capability was issued to, by the id their requests had (Caller.personId, or Caller.keyId). */
export type ScopeHolder = { type: "person" | "key"; id: string };

/**
 * Whether `holder` still holds `scope` now: a person while active and their role grants it;
 * an issued key while usable (not revoked, not expired: a key dies with its issuer's power,
 * docs/decisions/203) and its scopes grant it; a key of PETSTORE_API_KEYS while configured;
 * the generated key while no keys are configured. For what outlives a request, such as the
 * calendar feed's token (docs/decisions/258): read from the stores, not from a cache.
 */
export async function holdsScope(holder: ScopeHolder, scope: Scope, now = Date.now()): Promise<boolean> {
  if (holder.type === "person") {
    const person = await (await getAccountStore()).getPerson(holder.id);
    return person !== undefined && person.active && grants(scopesOf(person.role, config), scope);
  }
  if (holder.id.startsWith("env-")) return configuredKeyIds().has(holder.id);
  if (holder.id.startsWith("generated-")) return config.apiKeys.length === 0;
  const key = (await listIssuedKeys()).find((record) => record.id === holder.id);
  return key !== undefined && isUsable(key, now) && grants(key.scopes, scope);
}

/** The ids lib/api/authenticate.ts gives the configured keys: `env-` and 12 hex digits of their SHA-256. */
function configuredKeyIds(): Set<string> {
  return new Set(config.apiKeys.map((key) => `env-${digestOf(key).slice(0, 12)}`));
}
