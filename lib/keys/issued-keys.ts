import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { getPetStore } from "@/lib/store";
import { createKeyCache, type KeyCache } from "./key-cache";
import { openConfiguredKeyStore } from "./open-key-store";

const cache = processSingleton<KeyCache>("issuedKeys");

/** This process's view of the issued keys (the pet store opens first: on PostgreSQL it applies the migrations). */
export function getIssuedKeys(): KeyCache | Promise<KeyCache> {
  return cache.settled() ?? openIssuedKeys();
}

function openIssuedKeys(): Promise<KeyCache> {
  return cache.get(async () => {
    await getPetStore();
    return createKeyCache(openConfiguredKeyStore());
  });
}
