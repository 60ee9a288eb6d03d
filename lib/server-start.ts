import "server-only";
import { getApiKeys } from "@/lib/api/api-keys";
import { installMethodGuard } from "@/lib/front/method-guard";
import { installStagedClose } from "./close-in-stages";
import { config } from "./config";
import { isShutdownClaimed } from "./shutdown-owner";
import { getPetStore } from "@/lib/composition";
import { provideGalleryReads } from "@/lib/gallery/provide-adopter-reads";
import { provideApplicationDesk } from "@/lib/applications/provide-adopter-desk";
import { provideFormSignIn } from "@/lib/people/form-sign-in-api";
import { beginDrain, exitAfterFailure, finishDrain } from "@/lib/ops/drain";
import { getLogger } from "@/lib/ops/logger";
import { siteOrigin } from "@/lib/origin/site-origin";
import { getMetrics } from "@/lib/ops/metrics";
import { serveMetrics } from "@/lib/ops/metrics-server";
import { markReady } from "@/lib/ops/readiness";
import { installClientAddressStamp } from "@/lib/rate-limit/stamp-client-address";
import { startWebhookDelivery } from "@/lib/webhooks/webhook-service";
import { getAccountStore } from "@/lib/people/accounts";
import { setupToken } from "@/lib/people/people";
import { startApplicationRetention } from "@/lib/applications/retention";
import { startRecordRetention } from "@/lib/animal-record/record-retention";
import { APPLICATION_MAIL_RENDERERS } from "@/lib/applications/application-mail";
import { startMailOutbox } from "@/lib/mail-outbox/mail-outbox";

/**
 * Start-up, before the first request: open the store now so a corrupt or locked data
 * directory stops the server instead of failing requests later, and make sure a newcomer
 * has an API key to call the API with. Requests whose method Next cannot route are
 * answered before Next sees them (lib/front/method-guard.ts). Throws whatever stops the
 * start; lib/start-node-server.ts reports it and exits. Readiness turns 200 at the end.
 */
export async function startPetStoreServer(): Promise<void> {
  installMethodGuard();
  installStagedClose();
  announceSiteOrigin();
  // The front server stamps its requests itself (lib/front/incoming-request.ts for /v1,
  // server.ts for what it hands to Next); the channel would only cost its requests time.
  if (!isShutdownClaimed()) installClientAddressStamp();
  await getPetStore();
  await startWebhookDelivery();
  // Sends the mail outbox, left over from before a restart or a crash too (docs/decisions/207).
  await startMailOutbox(APPLICATION_MAIL_RENDERERS);
  // Erases applicants' personal data due under PETSTORE_APPLICATION_RETENTION_DAYS, hourly.
  startApplicationRetention();
  // Erases the record's personal parts due under PETSTORE_RECORD_RETENTION_DAYS, hourly.
  startRecordRetention();
  provideGalleryReads();
  provideApplicationDesk();
  provideFormSignIn();
  await announceApiKey();
  await announceSetupLink();
  if (config.metricsPort !== undefined) {
    getMetrics().sources.pets = async () => (await getPetStore()).countByStatus();
    await serveMetrics(config.metricsPort, config.metricsHost);
    getLogger().info(
      { event: "start" },
      `Pet Store: metrics on http://${config.metricsHost}:${config.metricsPort}/metrics`,
    );
  }
  markReady();
  if (isShutdownClaimed()) return;
  // Under plain `next start`, Next's own handler stops accepting connections and waits for
  // those under way; this one turns readiness 503, lets /v1 requests finish, closes the store.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      beginDrain(signal);
      void finishDrain().then(() => process.exit(0), exitAfterFailure);
    });
  }
}

/**
 * On a data directory (or database) without staff accounts, the first admin's set-up link,
 * printed on the start that made the signing key it derives from: once, on stderr like the
 * generated key, never into the JSON log. `npm run users -- setup-link` prints it again.
 */
async function announceSetupLink(): Promise<void> {
  const store = await getAccountStore();
  const { created } = await store.signingKey();
  if ((await store.listPeople()).length > 0) return;
  const logger = getLogger();
  if (!created) {
    logger.info(
      { event: "start" },
      "Pet Store: no staff account yet; `npm run users -- setup-link` shows the set-up link.",
    );
    return;
  }
  logger.info({ event: "start" }, "Pet Store: printed the first admin's set-up link (shown once, on stderr)");
  const { origin } = siteOrigin();
  console.error(
    [
      "",
      "  No staff account exists yet. Open this link to create the first admin (shown only this once;",
      "  `npm run users -- setup-link` prints it again while no account exists):",
      "",
      `      ${origin}/staff/welcome#setup=${await setupToken()}`,
      "",
    ].join("\n"),
  );
}

/**
 * Works out the public origin before the first request (a -H that is no host stops the start)
 * and says which one links and origin checks use, and where it came from.
 */
function announceSiteOrigin(): void {
  const { origin, source } = siteOrigin();
  const why =
    source === "configured"
      ? "PETSTORE_PUBLIC_URL"
      : "derived from the listening address; set PETSTORE_PUBLIC_URL to the address people use";
  getLogger().info({ event: "start", origin, source }, `Pet Store: links and origin checks use ${origin} (${why})`);
}

async function announceApiKey(): Promise<void> {
  const { generated } = await getApiKeys();
  const logger = getLogger();
  if (!generated) {
    logger.info({ event: "start" }, `Pet Store: accepting ${config.apiKeys.length} API key(s) from PETSTORE_API_KEYS.`);
    return;
  }
  if (!generated.created) {
    logger.info({ event: "start" }, `Pet Store: using the API key stored in ${generated.file}.`);
    return;
  }
  logger.info({ event: "start" }, `Pet Store: generated an API key into ${generated.file} (shown once, on stderr)`);
  // Shown this once, so a newcomer can call the API at once; later starts name the file only.
  // On stderr as plain text, not in the JSON log: a log shipper must never carry a key
  // (docs/decisions/100).
  console.error(
    [
      "",
      "  Pet Store generated an API key (shown only this once; kept in " + generated.file + "):",
      "",
      `      ${generated.key}`,
      "",
      `  Try: curl -H "Authorization: Bearer ${generated.key}" ${siteOrigin().origin}/v1/pets`,
      "  Set PETSTORE_API_KEYS=key1,key2 to choose your own keys instead.",
      "",
    ].join("\n"),
  );
}
