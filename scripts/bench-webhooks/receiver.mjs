/**
 * The bench's webhook receiver, in a worker thread of its own so that verifying and answering
 * deliveries never delays the load generator's timing of the API's answers. Every delivery is
 * verified with the standardwebhooks package. Counts go to the main thread through a shared
 * array: [received, failed verification]. Until "release", deliveries are held unanswered
 * (the dispatcher's sends wait, costing the server nothing), so the API can be measured warm
 * and quiet first.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { Webhook } from "standardwebhooks";

// The load generator shares core 0 and its sends must go on time: this thread runs under
// SCHED_IDLE where chrt exists (the scheduler then preempts it as soon as the generator
// wakes), else at niceness 10 (the generator goes first only when both want the core). Linux
// only; elsewhere nothing changes.
try {
  const thread = fs.readlinkSync("/proc/thread-self").split("/").at(-1);
  os.setPriority(Number(thread), 10);
  spawnSync("chrt", ["--idle", "--pid", "0", thread]);
} catch {
  // not Linux, or refused
}

const counts = new Int32Array(workerData.counts);
let verifier;
let held = [];
const answer = (request, body, response) => {
  try {
    verifier.verify(body, request.headers);
  } catch {
    Atomics.add(counts, 1, 1);
  }
  Atomics.add(counts, 0, 1);
  response.writeHead(204).end();
};

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    if (held) held.push(() => answer(request, body, response));
    else answer(request, body, response);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ url: `http://127.0.0.1:${server.address().port}/hook` }));

parentPort.on("message", (message) => {
  if (message.secret) verifier = new Webhook(message.secret);
  if (message.release) {
    const waiting = held;
    held = undefined;
    for (const send of waiting) send();
  }
  if (message.close) {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
