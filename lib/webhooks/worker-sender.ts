import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { OutgoingMessage, Sender, SendOutcome } from "./send-message";
import type { SendOutcomes, SendRequests, SendWorkerData } from "./send-worker";

/** The sending thread's bundle, beside the front server's: `npm run build` writes both. */
export const SEND_WORKER_BUNDLE = "front/webhook-sender.mjs";

/**
 * The sending thread's niceness: when it and the server's thread both want the CPU, the
 * server's requests go first (bench:webhooks, docs/decisions/171).
 */
export const SEND_THREAD_NICENESS = 10;

/**
 * Where this build's sending thread is, or undefined when there is none (`next dev`, or a
 * `next build` without the rest of `npm run build`). Both servers run from the project's
 * folder with the same dist folder (next.config.js), so one path serves both.
 */
export function sendWorkerFile(): string | undefined {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const file = path.resolve(/* turbopackIgnore: true */ process.cwd(), distDir, SEND_WORKER_BUNDLE);
  return fs.existsSync(file) ? file : undefined;
}

/**
 * A Sender whose signing, sending and answer reading happen in a worker thread of their own
 * (./send-worker.ts, docs/decisions/171): this thread only hands messages over and takes
 * outcomes back, a batch at a time. Should the thread die, the sends it held end as failed
 * attempts (retried on the schedule, same webhook-id), and the next send starts a new one.
 */
export function createWorkerSender(file: string, data: SendWorkerData): Sender {
  let current: SendingThread | undefined;
  let queued: Queued[] = [];
  let nextId = 0;

  const handOver = () => {
    if (!current) {
      const thread = startThread(file, data);
      thread.worker.once("exit", () => {
        if (current === thread) current = undefined;
      });
      current = thread;
    }
    for (const { id, resolve } of queued) current.waiting.set(id, resolve);
    current.worker.postMessage(queued.map(({ id, message }) => ({ id, message })) satisfies SendRequests);
    queued = [];
  };

  return {
    send(message) {
      return new Promise<SendOutcome>((resolve) => {
        queued.push({ id: nextId++, message, resolve });
        // Every send of this turn (a claim's batch) goes over in one message.
        if (queued.length === 1) queueMicrotask(handOver);
      });
    },
    close() {
      const thread = current;
      current = undefined;
      if (thread) void thread.worker.terminate();
    },
  };
}

interface Queued {
  id: number;
  message: OutgoingMessage;
  resolve: (outcome: SendOutcome) => void;
}

/** One sending thread and the sends it holds. */
interface SendingThread {
  worker: Worker;
  waiting: Map<number, (outcome: SendOutcome) => void>;
}

function startThread(file: string, data: SendWorkerData): SendingThread {
  const worker = new Worker(file, { workerData: data });
  const waiting = new Map<number, (outcome: SendOutcome) => void>();
  // It does not keep the process alive: the server's stop closes the sender.
  worker.unref();
  worker.on("message", (outcomes: SendOutcomes) => {
    for (const { id, outcome } of outcomes) {
      waiting.get(id)?.(outcome);
      waiting.delete(id);
    }
  });
  const fail = (why: string) => {
    const outcome = { durationMs: 0, error: `the sending thread stopped (${why})` };
    for (const resolve of waiting.values()) resolve(outcome);
    waiting.clear();
  };
  worker.on("error", (error) => fail(error.message));
  worker.on("exit", (code) => fail(`exit code ${code}`));
  return { worker, waiting };
}
