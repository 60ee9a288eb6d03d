import "server-only";
import { config } from "@/lib/config";
import { openFileKeyStore } from "./file-key-store";
import type { KeyStore } from "./key-store";
import { openPostgresKeyStore } from "./postgres-key-store";

/** The key store beside the configured pet store: the api_keys table, or a file in the data directory. */
export function openConfiguredKeyStore(): KeyStore {
  if (config.databaseUrl) return openPostgresKeyStore({ connectionString: config.databaseUrl });
  return openFileKeyStore(config.dataDir);
}
