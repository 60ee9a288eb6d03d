import "server-only";
import { config } from "@/lib/config";
import { onEventsAppended } from "@/lib/events/appended";
import type { Event } from "@/lib/events/event-types";
import { getLogger } from "@/lib/ops/logger";
import { processSingleton } from "@/lib/process-singleton";
import { getPetStore } from "@/lib/composition";
import { getDatabasePools } from "@/lib/composition/database-pools";
import { Dispatcher } from "./dispatcher";
import { openFileWebhookStore } from "./file-webhook-store";
import { paceAt } from "./pacer";
import { createSender, type Sender } from "./send-message";
import { createWorkerSender, SEND_THREAD_NICENESS, SEND_WORKER_BUNDLE, sendWorkerFile } from "./worker-sender";
import type { WebhookStore } from "./webhook-store";

// One of each per process, whichever bundle asks (lib/process-singleton.ts).
const store = processSingleton<WebhookStore>("webhookStore");
const delivery = processSingleton<{ dispatcher: Dispatcher; sender: Sender }>("webhookDelivery");

/**
 * The process's webhook store, beside the pet store: the webhook tables on PostgreSQL, a
 * file in the data directory on the file store (opened after the pet store, whose lock
 * makes this process the file's one writer).
 */
export function getWebhookStore(): Promise<WebhookStore> {
  return store.get(async () => {
    const petStore = await getPetStore();
    if (!config.databaseUrl) {
      const auditLog = {
        append: (events: Event[]) => petStore.appendEvents(events),
        retentionDays: config.eventRetentionDays,
      };
      return openFileWebhookStore(config.dataDir, auditLog);
    }
    const { openPostgresWebhookStore } = await import("./postgres-webhook-store");
    const { requests, background } = await getDatabasePools();
    return openPostgresWebhookStore({ connectionString: config.databaseUrl, database: requests, background });
  });
}

/**
 * Opens the webhook store (on the file store that records the events of operators' changes
 * a crash left out of the log: docs/decisions/169), then starts sending deliveries from this
 * process, unless PETSTORE_WEBHOOK_DELIVERY=off.
 */
export async function startWebhookDelivery(): Promise<void> {
  const webhookStore = await getWebhookStore();
  if (!config.webhookDelivery) return;
  await delivery.get(async () => {
    const timeoutMs = config.webhookTimeoutSeconds * 1000;
    const logger = getLogger().child({ event: "webhooks" });
    const sender = newSender(timeoutMs, (message) => logger.info(message));
    const dispatcher = new Dispatcher({
      store: webhookStore,
      // The store's own log, not lib/events' index: that would load the event registry's zod
      // schemas into the start-up bundle, registering Pet a second time in zod's global
      // registry, which the OpenAPI document is generated from.
      events: {
        readEvents: async (query) => (await getPetStore()).readEvents(query),
        latestSequence: async () => (await getPetStore()).latestSequence(),
        onEventsAppended,
      },
      sender,
      schedule: config.webhookRetrySchedule,
      concurrency: config.webhookConcurrency,
      pace: paceAt(config.webhookRate),
      timeoutMs,
      // Never the delivery's body or secret: only where and why.
      onError: (error, where) =>
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, `Webhooks: ${where} failed`),
    });
    return { dispatcher, sender };
  });
}

/**
 * The sending thread of this build (docs/decisions/171), so that signing, sending and reading
 * answers leave the server's thread to its requests; without one (`next dev`), this thread.
 */
function newSender(timeoutMs: number, say: (message: string) => void): Sender {
  const options = { timeoutMs, maxSockets: config.webhookConcurrency };
  const file = sendWorkerFile();
  if (!file) {
    say(`Webhooks: this build has no ${SEND_WORKER_BUNDLE}; deliveries are sent on the server's thread.`);
    return createSender(config.webhookAllowPrivate, options);
  }
  const allowPrivate = config.webhookAllowPrivate.setting;
  return createWorkerSender(file, { ...options, allowPrivate, niceness: SEND_THREAD_NICENESS });
}

/** Stops sending (recording the attempts under way) and closes the webhook store; safe to call twice. */
export async function stopWebhooks(): Promise<void> {
  const running = delivery.peek();
  delivery.clear();
  if (running) {
    const { dispatcher, sender } = await running;
    await dispatcher.stop();
    sender.close();
  }
  const opened = store.peek();
  store.clear();
  if (opened) await (await opened).close();
}
