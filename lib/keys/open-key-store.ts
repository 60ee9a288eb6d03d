import "server-only";
import { config } from "@/lib/config";
import { getDatabasePools } from "@/lib/composition/database-pools";
import { openFileKeyStore } from "./file-key-store";
import type { KeyStore } from "./key-store";
import { openPostgresKeyStore } from "./postgres-key-store";

/** The key store beside the configured pet store: the api_keys table, or a file in the data directory. */
export function openConfiguredKeyStore(): KeyStore {
  if (config.databaseUrl) return openPostgresKeyStore({ connectionString: config.databaseUrl });
  return openFileKeyStore(config.dataDir);
}

/** The server's key store: as above, on the process's request pool (docs/decisions/242). */
export async function openServerKeyStore(): Promise<KeyStore> {
  if (!config.databaseUrl) return openFileKeyStore(config.dataDir);
  const { requests } = await getDatabasePools();
  return openPostgresKeyStore({ connectionString: config.databaseUrl, database: requests });
}
