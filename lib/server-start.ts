import "server-only";
import { getApiKeys } from "@/lib/api/api-keys";
import { installMethodGuard } from "@/lib/api/method-guard";
import { config } from "./config";
import { isShutdownClaimed } from "./shutdown-owner";
import { closePetStore, getPetStore } from "./store";

/**
 * Start-up, before the first request: open the store now so a corrupt or locked data
 * directory stops the server instead of failing requests later, and make sure a newcomer
 * has an API key to call the API with. Requests whose method Next cannot route are
 * answered before Next sees them (lib/api/method-guard.ts). Throws whatever stops the
 * start; instrumentation.ts reports it and exits.
 */
export async function startPetStoreServer(): Promise<void> {
  installMethodGuard();
  await getPetStore();
  await announceApiKey();
  if (isShutdownClaimed()) return;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => void closePetStore().finally(() => process.exit(0)));
  }
}

async function announceApiKey(): Promise<void> {
  const { generated } = await getApiKeys();
  if (!generated) {
    console.log(`Pet Store: accepting ${config.apiKeys.length} API key(s) from PETSTORE_API_KEYS.`);
    return;
  }
  if (!generated.created) {
    console.log(`Pet Store: using the API key stored in ${generated.file}.`);
    return;
  }
  // Printed this once, so a newcomer can call the API at once; later starts name the file only.
  console.log(
    [
      "",
      "  Pet Store generated an API key (shown only this once; kept in " + generated.file + "):",
      "",
      `      ${generated.key}`,
      "",
      `  Try: curl -H "Authorization: Bearer ${generated.key}" http://localhost:${config.port}/v1/pets`,
      "  Set PETSTORE_API_KEYS=key1,key2 to choose your own keys instead.",
      "",
    ].join("\n"),
  );
}
