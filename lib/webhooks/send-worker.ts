import "server-only";
import { parentPort, workerData } from "node:worker_threads";
import { parseAddressPolicy } from "./address-policy";
import { createSender, type OutgoingMessage, type SendOutcome } from "./send-message";
import { lowerThisThreadsPriority } from "./thread-priority";

/** What the sending thread starts with: plain data, as a thread's start must be. */
export interface SendWorkerData {
  /** PETSTORE_WEBHOOK_ALLOW_PRIVATE's value: the policy is made again from it here. */
  allowPrivate: string;
  timeoutMs: number;
  maxSockets: number;
  /** The niceness this thread takes (0 to 19): higher yields the CPU to the API's thread. */
  niceness: number;
}

/** A batch of messages to send, each with the number its outcome comes back under. */
export type SendRequests = { id: number; message: OutgoingMessage }[];
/** A batch of outcomes. */
export type SendOutcomes = { id: number; outcome: SendOutcome }[];

/**
 * The sending thread (docs/decisions/171), bundled into <distDir>/front/webhook-sender.mjs by
 * `npm run build` (scripts/bundle-worker-entries.mjs). It signs, sends and reads answers with
 * the same sender the dispatcher would use in its own thread, and answers in batches: one
 * message per turn of its event loop, however many sends finished in it. It knows nothing of
 * stores or claims: those stay with the dispatcher, on the server's thread.
 */
const port = parentPort;
if (!port) throw new Error("webhook-sender runs as a worker thread");
const data = workerData as SendWorkerData;
const policy = parseAddressPolicy(data.allowPrivate);
if ("error" in policy) throw new Error(`PETSTORE_WEBHOOK_ALLOW_PRIVATE: ${policy.error}`);
lowerThisThreadsPriority(data.niceness);
const sender = createSender(policy, { timeoutMs: data.timeoutMs, maxSockets: data.maxSockets });

let finished: SendOutcomes = [];
const answer = () => {
  port.postMessage(finished);
  finished = [];
};
const finish = (id: number, outcome: SendOutcome) => {
  finished.push({ id, outcome });
  if (finished.length === 1) setImmediate(answer);
};

port.on("message", (requests: SendRequests) => {
  for (const { id, message } of requests) {
    sender.send(message).then(
      (outcome) => finish(id, outcome),
      (error: unknown) => finish(id, { durationMs: 0, error: error instanceof Error ? error.message : String(error) }),
    );
  }
});
