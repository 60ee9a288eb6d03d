/**
 * The bench's load on the API, in a process of its own (forked by ../bench-webhooks.mjs): it
 * shares no thread, heap or event loop with the receiver, so verifying deliveries never
 * delays a request's send or the reading of its answer.
 *
 * A measured run sends one request every 1000/rate ms (every 5 ms at 200/s), evenly spaced,
 * and times each from the moment it was meant to go, not from when it went: a request that
 * had to wait behind a stall (of the server, or of this process) counts the wait, so a stall
 * is not hidden by sending less during it (no coordinated omission). Times are taken with
 * performance.now() (fractions of a millisecond). Each request has a keep-alive connection to
 * itself when it goes: the agent opens one more rather than queue it behind another.
 * A warm-up is a closed loop of `connections` requests at a time, as autocannon's was.
 *
 * Messages from the parent: { warm: seconds, connections } or { measure: seconds, rate };
 * answers: { done: true, ... } with the latencies' percentiles in milliseconds.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

const [url, key] = process.argv.slice(2);
const target = new URL(url);
// Never a queue in the agent: a request waits for no other request's connection. Free
// connections are taken in turn (fifo), so none idles long enough for the server to close it
// just as a request reuses it (a reset, not a latency).
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024, scheduling: "fifo" });
let socketsOpened = 0;

/** One GET; resolves with performance.now() at the answer's last byte (or rejects). */
function get() {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        agent,
        headers: { authorization: `Bearer ${key}` },
      },
      (response) => {
        response.on("data", () => {});
        response.on("end", () =>
          response.statusCode === 200 ? resolve(performance.now()) : reject(new Error(`status ${response.statusCode}`)),
        );
        response.on("error", reject);
      },
    );
    request.on("socket", (socket) => {
      if (!socket.counted) {
        socket.counted = true;
        socketsOpened += 1;
      }
    });
    request.on("error", reject);
  });
}

async function warm(seconds, connections) {
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) await get();
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { done: true };
}

/**
 * Waits until `at` (a performance.now() time): a timer to within 2 ms (timers keep whole
 * milliseconds), then a check on each turn of the event loop, which keeps reading answers
 * in between, so the send goes within microseconds of `at` and no answer waits for the wait.
 */
function until(at) {
  return new Promise((resolve) => {
    const check = () => (performance.now() >= at ? resolve() : setImmediate(check));
    const early = at - performance.now() - 2;
    if (early >= 1) setTimeout(check, early);
    else check();
  });
}

async function measure(seconds, rate) {
  const interval = 1000 / rate;
  const count = Math.round(seconds * rate);
  const latencies = new Float64Array(count);
  const lateness = new Float64Array(count);
  const errors = [];
  const answers = [];
  const start = performance.now() + 10;
  for (let index = 0; index < count; index += 1) {
    const intended = start + index * interval;
    await until(intended);
    lateness[index] = performance.now() - intended;
    answers.push(
      get().then(
        (ended) => {
          latencies[index] = ended - intended;
        },
        (error) => {
          errors.push(String(error?.message ?? error));
          latencies[index] = Number.POSITIVE_INFINITY;
        },
      ),
    );
  }
  await Promise.all(answers);
  const opened = socketsOpened;
  return {
    done: true,
    count,
    errors: errors.length,
    why: [...new Set(errors)].slice(0, 3),
    socketsOpened: opened,
    latency: percentiles(latencies),
    sendLateness: percentiles(lateness),
  };
}

function percentiles(values) {
  const sorted = Float64Array.from(values).sort();
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
  return { p50: at(0.5), p99: at(0.99), p999: at(0.999), max: sorted.at(-1) };
}

process.on("message", async (message) => {
  try {
    if (message.warm) process.send(await warm(message.warm, message.connections));
    else if (message.measure) process.send(await measure(message.measure, message.rate));
    else if (message.close) {
      agent.destroy();
      process.disconnect();
    }
  } catch (error) {
    process.send({ error: String(error?.stack ?? error) });
  }
});
