/**
 * bench:webhooks --control: the deliveries' own traffic without the server. It signs (with the
 * standardwebhooks package) and POSTs `count` deliveries to the bench's receiver at `rate` per
 * second, at most `concurrency` in flight, from a process of its own that the bench pins to
 * the server's core at niceness 10, as the server's sending thread is. The server meanwhile
 * delivers nothing: what `GET /v1/pets` loses then is what the machine's two shared cores
 * (the sends, the receiver's answers and verification, beside the load generator) cost
 * without any work of ours, the floor under what the bench can show for a delivering server.
 *
 * argv: receiverUrl secret count rate concurrency bodiesFile. Messages to the parent:
 * { sent: count } when every delivery has been answered.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { Webhook } from "standardwebhooks";

const [url, secret, count, rate, concurrency, bodiesFile] = process.argv.slice(2);
const total = Number(count);
const bodies = JSON.parse(fs.readFileSync(bodiesFile, "utf8"));
const signer = new Webhook(secret);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrency) });
try {
  os.setPriority(10);
} catch {
  // refused: the usual priority
}

let started = 0;
let answered = 0;
let inFlight = 0;
const began = performance.now();

function send() {
  const index = started++;
  inFlight += 1;
  const body = bodies[index % bodies.length];
  const id = `msg_control_${index}`;
  const at = new Date();
  const headers = {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signer.sign(id, at, body),
  };
  const request = http.request(url, { method: "POST", agent, headers }, (response) => {
    response.resume();
    response.on("end", () => {
      inFlight -= 1;
      answered += 1;
      if (answered === total) {
        process.send({ sent: total });
        agent.destroy();
      } else pump();
    });
  });
  request.on("error", (error) => {
    console.error(`control-sender: ${error.message}`);
    process.exit(1);
  });
  request.end(body);
}

/** Starts what is due by now at `rate`, within the concurrency. */
function pump() {
  const due = Math.min(total, Math.floor(((performance.now() - began) * Number(rate)) / 1000));
  while (started < due && inFlight < Number(concurrency)) send();
}

const timer = setInterval(() => {
  pump();
  if (started === total) clearInterval(timer);
}, 10);
