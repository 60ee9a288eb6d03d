#!/usr/bin/env node
// Runs several npm scripts at once and prints each one's output whole when it ends, so a log
// reads step by step. Most of the suite's steps wait more than they compute (on servers
// starting, on PostgreSQL, on fsync and timers), so side by side they take about as long as
// the longest instead of the sum (docs/decisions/197 and 200).
//
// A step may wait for another: `--after build:check` makes every script named after it start
// only once `build:check` has passed (and not at all if it failed), so the HTTP suites start
// as soon as the build they serve exists, not when the slowest step beside the build ends.
// `--nice` lowers the priority of every script named after it (until the next `--after` or
// `--nice`): it fills cores the others leave idle and never slows the steps that time things
// or lead to the next (docs/decisions/297).
//
// Usage: node scripts/run-side-by-side.mjs [--after <script>] [--nice] <script>[:<ENV>=<value>,…] …
// Exits with the first failing script's code once all have ended.
import { spawn } from "node:child_process";

const runs = parseRuns(process.argv.slice(2));
if (runs.length === 0) {
  console.error("usage: run-side-by-side.mjs [--after <script>] [--nice] <npm script>[:ENV=value,…] …");
  process.exit(2);
}
for (const { after } of runs) {
  if (after && !runs.some((run) => run.script === after)) {
    console.error(`run-side-by-side.mjs: --after ${after}: no such script among the runs`);
    process.exit(2);
  }
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
const ended = new Map(runs.map((run) => [run.script, deferred()]));
const results = await Promise.all(
  runs.map(async (step) => {
    const before = step.after ? await ended.get(step.after).promise : undefined;
    const result =
      before && before.code !== 0
        ? { script: step.script, code: 1, ms: 0, skipped: `not run: ${step.after} failed` }
        : await run(step);
    ended.get(step.script).resolve(result);
    return result;
  }),
);
let exitCode = 0;
for (const result of results) if (exitCode === 0 && result.code !== 0) exitCode = result.code;
console.log(`\n${results.map(describe).join("; ")}; ${seconds(Date.now() - started)} in all`);
process.exit(exitCode);

function describe(result) {
  if (result.skipped) return `${result.script}: ${result.skipped}`;
  const outcome = result.code === 0 ? "passed" : `failed (${result.code})`;
  return `${result.script}: ${outcome} in ${seconds(result.ms)} (from ${seconds(result.startedAt)})`;
}

/** `[--after <script>] [--nice] <script>[:ENV=value,…] …` into runs, each with what it waits for. */
function parseRuns(argv) {
  const parsed = [];
  let after;
  let nice = false;
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === "--after") {
      after = argv[++index];
      nice = false;
    } else if (argv[index] === "--nice") nice = true;
    else parsed.push({ ...parseRun(argv[index]), after, nice });
  }
  return parsed;
}

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

function run({ script, env, nice }) {
  const begun = Date.now();
  const output = [];
  // `nice` is POSIX and in every Linux and macOS image; 10 leaves a step a tenth of a core
  // against a step at the normal priority, and all of an idle one.
  const command = nice ? ["nice", "-n", "10", "npm"] : ["npm"];
  const child = spawn(command[0], [...command.slice(1), "run", "--silent", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child);
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  const settings = Object.entries(env).map((e) => e.join("="));
  if (nice) settings.push("nice 10");
  console.log(`started ${script}${settings.length ? ` (${settings.join(" ")})` : ""} at ${seconds(begun - started)}`);
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      children.delete(child);
      const ms = Date.now() - begun;
      process.stdout.write(`\n===== ${script} (${seconds(ms)}) =====\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ script, code: code ?? (signal ? 1 : 0), ms, startedAt: begun - started });
    });
  });
}

function deferred() {
  let resolve;
  const promise = new Promise((settle) => (resolve = settle));
  return { promise, resolve };
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
