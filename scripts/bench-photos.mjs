#!/usr/bin/env node
/**
 * `npm run bench:photos` (after `npm run build`): the photo figures issue 24 asks for.
 * 1. One 12-megapixel JPEG processed into every width and format: time and peak memory
 *    (each run a fresh process; the median of 3).
 * 2. /v1/pets p99 while idle, then while 4 uploads of that JPEG run at once, back to back;
 *    the uploads' own time, and the server's and its photo worker's peak RSS and priority
 *    (docs/decisions/178), read from /proc.
 * 3. One stored variant served through `npm start` on the file store: requests per second,
 *    beside the ceiling (a bare node:http server answering the same bytes and headers, in
 *    rounds that alternate with npm start's): what any Node server manages on this machine now.
 * 2's listings are evenly spaced and timed to 0.1 ms (`BENCH_PHOTO_LOAD=autocannon`: as before).
 * Prints figures; the machine is shared, so read ratios within one run. `BENCH_PHOTO_SERVE=0`
 * skips 3 (to compare 1 and 2 across builds in alternating runs; `NEXT_DIST_DIR` picks the build).
 */
import { fork, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = fileURLToPath(new URL("..", import.meta.url));
const PORT = Number(process.env.BENCH_PORT || 3103);
const KEY = `bench-${randomBytes(12).toString("hex")}`;
const base = `http://127.0.0.1:${PORT}`;
const auth = { authorization: `Bearer ${KEY}` };
const tsx = [path.join(root, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server"];
const log = (message) => console.error(`bench:photos: ${message}`);
const LOAD = process.env.BENCH_PHOTO_LOAD === "autocannon" ? "autocannon" : "steady";
let steady;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const work = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-photos-"));
const photoFile = path.join(work, "photo-12mp.jpg");
const made = JSON.parse(runTsx("scripts/bench-photos/make-photo.mts", photoFile));
log(`made a ${made.width} × ${made.height} JPEG of ${(made.bytes / 1e6).toFixed(1)} MB`);

// 1. Processing, each run in a fresh process.
const RUNS = Number(process.env.BENCH_PHOTO_RUNS || 3);
const runs = Array.from({ length: RUNS }, () => JSON.parse(runTsx("scripts/bench-photos/process-one.mts", photoFile)));
const processing = {
  ms: median(runs.map((run) => run.ms)),
  cpuMs: median(runs.map((run) => run.cpuMs)),
  peakRssMB: median(runs.map((run) => run.peakRssMB)),
  rssBeforeMB: median(runs.map((run) => run.rssBeforeMB)),
  variants: runs[0].variants,
  storedMB: runs[0].storedBytes / 1e6,
};

// 2 and 3 against `npm start` on a fresh file store.
const dataDir = path.join(work, "data");
const server = await startServer();
const photo = fs.readFileSync(photoFile);
let under;
let serving;
try {
  const pets = [];
  for (let i = 0; i < 5; i++) pets.push(await post("/v1/pets", JSON.stringify({ name: `Bench ${i}`, categoryId: 1 })));
  const stored = await upload(pets[0].id);
  await latency("warm-up (not counted)"); // a fresh server compiles its hot paths first
  const idle = await latency("idle");
  // The uploads run in a process of their own (scripts/bench-photos/uploader.mjs), so this
  // process's event loop, which times the listings, sends none of their bytes.
  const uploader = fork(
    path.join(root, "scripts/bench-photos/uploader.mjs"),
    [base, photoFile, ...pets.slice(1).map((pet) => String(pet.id))],
    { env: { ...process.env, BENCH_KEY: KEY }, stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  const uploaded = new Promise((resolve, reject) => {
    uploader.once("message", ({ times }) => resolve(times));
    uploader.once("exit", (code) => reject(new Error(`the uploader exited with ${code}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // the queue fills
  const busy = await latency("4 uploads at once");
  uploader.send("stop");
  const uploadMs = await uploaded;
  const uploads = uploadMs.length;
  under = { idle, busy, uploads, uploadMs: median(uploadMs), processes: processTree(server.pid) };
  if (process.env.BENCH_PHOTO_SERVE !== "0") {
    const variant = stored.srcset.webp.split(", ")[1].split(" ")[0];
    const answer = await fetch(`${base}${variant}`);
    const ceilingServer = await startCeiling(
      Buffer.from(await answer.arrayBuffer()),
      Object.fromEntries([...answer.headers].filter(([name]) => !["date", "connection", "keep-alive"].includes(name))),
    );
    try {
      await autocannon({ url: `${base}${variant}`, connections: 32, duration: 2 }); // warm-up
      serving = { path: variant, rounds: [], ceiling: [] };
      for (let round = 0; round < 3; round++) {
        serving.rounds.push(await autocannon({ url: `${base}${variant}`, connections: 32, duration: 5 }));
        serving.ceiling.push(await autocannon({ url: `${ceilingServer.url}${variant}`, connections: 32, duration: 5 }));
      }
    } finally {
      ceilingServer.child.kill();
    }
  }
} finally {
  steady?.close();
  stopServer(server);
  fs.rmSync(work, { recursive: true, force: true });
}

console.log("\nPet photos (issue 24), this machine:");
console.log(
  `  one 12 MP JPEG (${(made.bytes / 1e6).toFixed(1)} MB) → ${processing.variants} copies (${processing.storedMB.toFixed(1)} MB): ` +
    `${processing.ms} ms (${processing.cpuMs} ms of CPU), peak RSS ${processing.peakRssMB} MB (${processing.peakRssMB - processing.rssBeforeMB} MB above the ${processing.rssBeforeMB} MB before); median of ${RUNS}`,
);
const ratio = under.busy.p99 / under.idle.p99;
console.log(
  `  GET /v1/pets p99 (${LOAD === "steady" ? "evenly spaced" : "autocannon"}): idle ${under.idle.p99} ms (${under.idle.rps} r/s), with 4 uploads at once ${under.busy.p99} ms ` +
    `(${under.busy.rps} r/s): ${ratio.toFixed(2)}× idle (target ≤ 2×) ${ratio <= 2 ? "ok" : "MISSED"}; ${under.uploads} uploads meanwhile, ` +
    `each ${Math.round(under.uploadMs)} ms (median, from sending to the 201, waiting in line included)`,
);
const [serverProcess, ...children] = under.processes;
console.log(
  `  server peak RSS ${serverProcess.peakRssMB} MB (nice ${serverProcess.nice}); ` +
    (children.length
      ? children.map((child) => `photo worker peak RSS ${child.peakRssMB} MB (nice ${child.nice})`).join(", ")
      : "no photo worker (processed in the server's process)"),
);
if (serving) reportServing();
console.log(
  `  load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(", ")}, ${new Date().toISOString()}`,
);

function reportServing() {
  const rps = Math.round(median(serving.rounds.map((round) => round.requests.average)));
  const ceiling = Math.round(median(serving.ceiling.map((round) => round.requests.average)));
  const p99 = median(serving.rounds.map((round) => round.latency.p99));
  const non2xx = serving.rounds.reduce((sum, round) => sum + round.non2xx, 0);
  console.log(
    `  GET ${serving.path.replace(/[0-9a-f]{32}/, "<hash>")} through npm start (file store): ${rps} r/s, p99 ${p99} ms, ` +
      `${non2xx} non-2xx (target ≥ 5,000 r/s) ${rps >= 5000 ? "ok" : "MISSED"}; ` +
      `a bare node:http server with the same answer: ${ceiling} r/s (npm start ${((100 * rps) / ceiling).toFixed(0)}% of it); medians of 3 alternating rounds`,
  );
}

function runTsx(script, ...args) {
  const result = spawnSync(process.execPath, [...tsx, path.join(root, script), ...args], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stderr}`);
  return result.stdout.trim().split("\n").at(-1);
}

/** The process and its children (the photo worker), each with its peak RSS and nice, from /proc. */
function processTree(pid) {
  const statOf = (id) => {
    const stat = fs.readFileSync(`/proc/${id}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // from field 3, the state
    return { ppid: Number(fields[1]), nice: Number(fields[16]) };
  };
  const peakRssMB = (id) => {
    const line = fs
      .readFileSync(`/proc/${id}/status`, "utf8")
      .split("\n")
      .find((entry) => entry.startsWith("VmHWM:"));
    return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
  };
  const children = fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((id) => {
      try {
        return statOf(id).ppid === pid;
      } catch {
        return false; // ended since the listing
      }
    });
  return [String(pid), ...children].map((id) => ({ pid: Number(id), nice: statOf(id).nice, peakRssMB: peakRssMB(id) }));
}

/**
 * /v1/pets?limit=20 at a steady 200 requests/s for 8 s (a modest rate, not saturation: the
 * question is how long one listing waits). By default (since 27 November 2026) from
 * ./bench-webhooks/steady-load.mjs in a process of its own: one request every 5 ms, each
 * timed from when it was meant to go, to a fraction of a millisecond (decision 198 says why).
 * `BENCH_PHOTO_LOAD=autocannon` measures as the earlier figures were: autocannon's
 * `overallRate` sends each second's requests in a burst and reports whole milliseconds.
 */
async function latency(label) {
  if (LOAD === "autocannon") {
    const result = await autocannon({
      url: `${base}/v1/pets?limit=20`,
      headers: auth,
      connections: 4,
      duration: 8,
      overallRate: 200,
    });
    log(`${label}: p99 ${result.latency.p99} ms`);
    return { p99: result.latency.p99, rps: Math.round(result.requests.average) };
  }
  steady ??= startSteadyLoad();
  const result = await steady.ask({ measure: 8, rate: 200 });
  if (result.error || result.errors > 0)
    throw new Error(result.error ?? `GET /v1/pets failed: ${result.why.join("; ")}`);
  const round = (ms) => Math.round(ms * 10) / 10;
  log(
    `${label}: p50 ${round(result.latency.p50)} ms, p99 ${round(result.latency.p99)} ms, p99.9 ${round(result.latency.p999)} ms`,
  );
  return { p99: round(result.latency.p99), rps: 200 };
}

function startSteadyLoad() {
  const child = fork(path.join(root, "scripts/bench-webhooks/steady-load.mjs"), [`${base}/v1/pets?limit=20`, KEY]);
  return {
    ask: (message) =>
      new Promise((resolve) => {
        child.once("message", resolve);
        child.send(message);
      }),
    close: () => child.connected && child.send({ close: true }),
  };
}

async function post(pathname, body) {
  const response = await fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body,
  });
  if (response.status !== 201) throw new Error(`POST ${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function upload(petId) {
  for (;;) {
    const response = await fetch(`${base}/v1/pets/${petId}/photos`, {
      method: "POST",
      headers: { ...auth, "content-type": "image/jpeg" },
      body: photo,
    });
    if (response.status === 201) return response.json();
    if (response.status !== 503) throw new Error(`upload: ${response.status} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 500)); // photos_busy: wait as a client would
  }
}

async function startServer() {
  const child = spawn(
    process.execPath,
    [path.join(root, "scripts/start-front-server.mjs"), "-p", String(PORT), "-H", "127.0.0.1"],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PETSTORE_DATA_DIR: dataDir,
        PETSTORE_DATABASE_URL: "",
        PETSTORE_API_KEYS: KEY,
        PETSTORE_RATE_LIMIT: "1000000",
        PETSTORE_LOG_LEVEL: "warn",
      },
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    try {
      if ((await fetch(`${base}/healthz`)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stopServer(child);
  throw new Error("the server did not start");
}

/** A bare node:http server answering every request with these bytes and headers: the most a Node server does here. */
async function startCeiling(body, headers) {
  const bodyFile = path.join(work, "ceiling-body");
  fs.writeFileSync(bodyFile, body);
  const code = `
    import { createServer } from "node:http";
    import { readFileSync } from "node:fs";
    const body = readFileSync(${JSON.stringify(bodyFile)});
    const headers = ${JSON.stringify(headers)};
    const server = createServer((request, response) => { request.resume(); response.writeHead(200, headers); response.end(body); });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once("data", (data) => resolve(Number(String(data).trim())));
    child.once("exit", (status) => reject(new Error(`the ceiling server exited with ${status}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

function stopServer(child) {
  if (child.exitCode === null) process.kill(-child.pid, "SIGTERM");
}
