import { inject } from "vitest";
import { openFileKeyStore } from "@/lib/keys/file-key-store";
import { issueKey, revokeKey } from "@/lib/keys/key-admin";
import type { KeyStore } from "@/lib/keys/key-store";
import { openPostgresKeyStore } from "@/lib/keys/postgres-key-store";
import type { Scope } from "@/lib/keys/scopes";

/** The store the suite's server reads its issued keys from, as `npm run keys` opens it. */
function serverKeyStore(): KeyStore {
  const databaseUrl = inject("databaseUrl");
  return databaseUrl ? openPostgresKeyStore({ connectionString: databaseUrl }) : openFileKeyStore(inject("dataDir"));
}

async function withStore<T>(action: (store: KeyStore) => Promise<T>): Promise<T> {
  const store = serverKeyStore();
  try {
    return await action(store);
  } finally {
    await store.close();
  }
}

/** Issues a key the running server will accept (within its cache's half second). */
export function issueTestKey(name: string, scopes: Scope[], expiresAt?: Date) {
  return withStore((store) => issueKey(store, { name, scopes, expiresAt }));
}

export function revokeTestKey(id: string) {
  return withStore((store) => revokeKey(store, id));
}
