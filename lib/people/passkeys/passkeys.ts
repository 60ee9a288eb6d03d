import "server-only";
import { createHmac } from "node:crypto";
import { config } from "@/lib/config";
import type { Event } from "@/lib/events/event-types";
import { processSingleton } from "@/lib/process-singleton";
import { getPetStore } from "@/lib/composition";
import { getDatabasePools } from "@/lib/composition/database-pools";
import { getSigningKey } from "@/lib/people/accounts";
import { PasskeysUnavailableError } from "@/lib/people/people-errors";
import { pageOriginOf } from "@/lib/people/site-origin";
import { openFilePasskeyStore } from "./file-passkey-store";
import type { PasskeyStore } from "./passkey-store";
import { relyingPartyFor, type RelyingParty } from "./relying-party";

const store = processSingleton<PasskeyStore>("passkeyStore");

/**
 * The process's passkey store, beside the pet store: the passkeys table on PostgreSQL (after
 * the pet store has applied the migrations), a file in the data directory on the file store
 * (after the pet store's lock has made this process its one writer).
 */
export function getPasskeyStore(): PasskeyStore | Promise<PasskeyStore> {
  return (
    store.settled() ??
    store.get(async () => {
      const petStore = await getPetStore();
      if (!config.databaseUrl) {
        const auditLog = {
          append: (events: Event[]) => petStore.appendEvents(events),
          retentionDays: config.eventRetentionDays,
        };
        return openFilePasskeyStore(config.dataDir, auditLog);
      }
      const { openPostgresPasskeyStore } = await import("./postgres-passkey-store");
      const { requests } = await getDatabasePools();
      return openPostgresPasskeyStore({ connectionString: config.databaseUrl, database: requests });
    })
  );
}

/**
 * The key ceremony tokens are signed with (./ceremony-token.ts): derived from the console's
 * signing key, which every instance shares, under a label of its own, so a console bearer's
 * MAC can never pass for a ceremony's or the other way round.
 */
export async function ceremonyKey(): Promise<Buffer> {
  return createHmac("sha256", await getSigningKey())
    .update("passkey ceremonies")
    .digest();
}

/**
 * The relying party of the console page this request came from (its checked Origin, never
 * its Host: lib/people/site-origin.ts); a 400 when the site was opened by an IP address.
 */
export function relyingPartyOf(request: Request): RelyingParty {
  const rp = relyingPartyFor(pageOriginOf(request));
  if (!rp) throw new PasskeysUnavailableError();
  return rp;
}
