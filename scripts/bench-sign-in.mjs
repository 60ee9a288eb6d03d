#!/usr/bin/env node
/**
 * `npm run bench:sign-in` (after `npm run build`): what a staff sign-in costs (issue 25).
 * 1. One password check at today's scrypt parameters, each in a fresh process: time, CPU and
 *    peak memory (the median of 5).
 * 2. `npm start` on a fresh file store, its first admin made through the set-up link, then 40
 *    sign-ins at once: how many the hashing gate answered and how many it refused at once
 *    (503 sign_in_busy), their median time, and the server's peak RSS before and after, read
 *    from /proc: the gate bounds what a flood of sign-ins can take (docs/decisions/189).
 * Prints figures; the machine is shared, so read them within one run.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const PORT = Number(process.env.BENCH_PORT || 3107);
const base = `http://127.0.0.1:${PORT}`;
const origin = { Origin: base, "Content-Type": "application/json" };
const PASSWORD = "a bench passphrase, long enough";
const AT_ONCE = 40;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// 1. One check, each in a fresh process.
const tsx = [path.join(root, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server"];
const runs = Array.from({ length: 5 }, () => {
  const result = spawnSync(process.execPath, [...tsx, "scripts/bench-sign-in/hash-once.mts"], {
    cwd: root,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
});
const one = {
  ms: median(runs.map((run) => run.ms)),
  cpuMs: median(runs.map((run) => run.cpuMs)),
  extraMB: median(runs.map((run) => run.peakRssMB - run.rssBeforeMB)),
};

// 2. A flood of sign-ins against npm start.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-sign-in-"));
const server = spawn(process.execPath, ["scripts/start-front-server.mjs", "-p", String(PORT), "-H", "127.0.0.1"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PETSTORE_DATA_DIR: dataDir,
    PETSTORE_DATABASE_URL: "",
    PETSTORE_API_KEYS: "bench-sign-in-key-0123456789",
  },
  stdio: ["ignore", "ignore", "pipe"],
});
let stderr = "";
server.stderr.on("data", (chunk) => (stderr += chunk));
let flood;
try {
  await waitForReady();
  const token = /#setup=([\w-]+)/.exec(stderr)?.[1];
  if (!token) throw new Error(`no set-up link printed:\n${stderr}`);
  await post("/auth/setup", { token, name: "Bench Admin", email: "bench@example.org", password: PASSWORD });
  const rssBeforeMB = peakRssMB(server.pid);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      const t0 = performance.now();
      const { status } = await post("/auth/sign-in", { email: "bench@example.org", password: PASSWORD });
      return { status, ms: performance.now() - t0 };
    }),
  );
  flood = {
    seconds: (performance.now() - started) / 1000,
    ok: answers.filter((answer) => answer.status === 200),
    busy: answers.filter((answer) => answer.status === 503).length,
    other: answers.filter((answer) => answer.status !== 200 && answer.status !== 503).map((answer) => answer.status),
    rssBeforeMB,
    rssAfterMB: peakRssMB(server.pid),
  };
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`
Issue 25, password hashing (scrypt N=2^17, r=8, p=1), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}
  one check, fresh process (median of 5): ${one.ms.toFixed(0)} ms, ${one.cpuMs.toFixed(0)} ms CPU, +${one.extraMB.toFixed(0)} MB peak RSS
  ${AT_ONCE} sign-ins at once through npm start (2 hashing, 8 waiting):
    answered 200: ${flood.ok.length} (median ${median(flood.ok.map((answer) => answer.ms)).toFixed(0)} ms), refused 503 sign_in_busy: ${flood.busy}${flood.other.length ? `, other: ${flood.other.join(",")}` : ""}
    all answered in ${flood.seconds.toFixed(1)} s; server peak RSS ${flood.rssBeforeMB.toFixed(0)} MB before, ${flood.rssAfterMB.toFixed(0)} MB after`);

async function post(pathname, body) {
  const response = await fetch(`${base}${pathname}`, { method: "POST", headers: origin, body: JSON.stringify(body) });
  await response.arrayBuffer();
  if (pathname === "/auth/setup" && response.status !== 200) throw new Error(`set-up answered ${response.status}`);
  return { status: response.status };
}

async function waitForReady() {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await fetch(`${base}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`server never ready:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** VmHWM: the process's peak resident set so far. */
function peakRssMB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
}
