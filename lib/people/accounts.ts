import "server-only";
import { config } from "@/lib/config";
import type { Event } from "@/lib/events/event-types";
import { processSingleton } from "@/lib/process-singleton";
import { getPetStore } from "@/lib/composition";
import { getDatabasePools } from "@/lib/composition/database-pools";
import type { AccountStore } from "./account-store";
import { openFileAccountStore } from "./file-account-store";
import type { SessionLifetimes } from "./session-rules";

// One of each per process, whichever bundle asks (lib/process-singleton.ts).
const store = processSingleton<AccountStore>("accountStore");
const signingKey = processSingleton<Buffer>("consoleSigningKey");

/**
 * The process's account store, beside the pet store: the people and sessions tables on
 * PostgreSQL (after the pet store has applied the migrations), a file in the data directory
 * on the file store (after the pet store's lock has made this process its one writer).
 */
export function getAccountStore(): AccountStore | Promise<AccountStore> {
  return (
    store.settled() ??
    store.get(async () => {
      const petStore = await getPetStore();
      if (!config.databaseUrl) {
        const auditLog = {
          append: (events: Event[]) => petStore.appendEvents(events),
          retentionDays: config.eventRetentionDays,
        };
        return openFileAccountStore(config.dataDir, auditLog);
      }
      const { openPostgresAccountStore } = await import("./postgres-account-store");
      const { requests } = await getDatabasePools();
      return openPostgresAccountStore({ connectionString: config.databaseUrl, database: requests });
    })
  );
}

/** The key console bearers are signed with (./bearer-token.ts), read once per process. */
export function getSigningKey(): Buffer | Promise<Buffer> {
  return signingKey.settled() ?? signingKey.get(async () => (await (await getAccountStore()).signingKey()).key);
}

export function sessionLifetimes(): SessionLifetimes {
  return { idleMs: config.sessionIdleHours * 3_600_000, maxMs: config.sessionMaxDays * 86_400_000 };
}
