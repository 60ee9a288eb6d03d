#!/usr/bin/env node
// Runs several npm scripts at once and prints each one's output whole when it ends, so a log
// reads suite by suite. `npm test` runs the three HTTP suites this way: each has its own
// server, port and store, and most of their time is spent waiting (on timeouts, on fsync, on
// servers starting and stopping), not computing, so side by side they take about as long as
// the longest of them instead of the sum (docs/decisions/200-http-suites-side-by-side.md).
//
// Usage: node scripts/run-side-by-side.mjs <script>[:<ENV>=<value>,…] …
// Exits with the first failing script's code once all have ended.
import { spawn } from "node:child_process";

const runs = process.argv.slice(2).map(parseRun);
if (runs.length === 0) {
  console.error("usage: run-side-by-side.mjs <npm script>[:ENV=value,…] …");
  process.exit(2);
}

// Each script runs in a process group of its own, so that stopping this runner stops every
// server and browser below it too.
const children = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) kill(child, signal);
    process.exit(130);
  });
}

const started = Date.now();
const results = await Promise.all(runs.map(run));
let exitCode = 0;
for (const result of results) if (exitCode === 0 && result.code !== 0) exitCode = result.code;
console.log(
  `\n${results.map((r) => `${r.script}: ${r.code === 0 ? "passed" : `failed (${r.code})`} in ${seconds(r.ms)}`).join("; ")}` +
    `; ${seconds(Date.now() - started)} in all`,
);
process.exit(exitCode);

function parseRun(argument) {
  const [script, assignments = ""] = argument.split(/:(?=[A-Z_]+=)/);
  const env = Object.fromEntries(
    assignments
      .split(",")
      .filter(Boolean)
      .map((pair) => pair.split("=", 2)),
  );
  return { script, env };
}

function run({ script, env }) {
  const begun = Date.now();
  const output = [];
  const child = spawn("npm", ["run", "--silent", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child);
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  console.log(
    `started ${script}${
      Object.keys(env).length
        ? ` (${Object.entries(env)
            .map((e) => e.join("="))
            .join(" ")})`
        : ""
    }`,
  );
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      children.delete(child);
      const ms = Date.now() - begun;
      process.stdout.write(`\n===== ${script} (${seconds(ms)}) =====\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ script, code: code ?? (signal ? 1 : 0), ms });
    });
  });
}

function kill(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function seconds(ms) {
  return `${Math.round(ms / 1000)} s`;
}
