#!/usr/bin/env node
// `npm test` builds through this: it runs `npm run build`'s own command, shows its output, and
// fails when the build printed a warning or an error, so a build that reads as broken is caught
// in CI rather than by the next newcomer (issue 28). npm is bypassed, as npm itself may warn
// about the machine's own configuration.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const NOT_CLEAN = /\bwarn(ing)?s?\b|⚠|\berror\b/i;
// With CI=true and no .next/cache, Next advises a CI service to keep its cache between runs:
// advice about the CI's set-up, not about the build, and our CI starts from a clean clone on
// purpose (docs/decisions/120). Every other warning fails.
const CI_CACHE_ADVICE = /No build cache found\. Please configure build caching/;

const child = spawn("sh", ["-c", scripts.build], {
  cwd: root,
  env: { ...process.env, PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}` },
  stdio: ["ignore", "pipe", "pipe"],
});
const lines = [];
for (const stream of [child.stdout, child.stderr]) {
  stream.setEncoding("utf8");
  stream.on("data", (text) => {
    (stream === child.stdout ? process.stdout : process.stderr).write(text);
    lines.push(...text.split("\n"));
  });
}
child.on("exit", (code) => {
  const flagged = lines.filter((line) => NOT_CLEAN.test(line) && !CI_CACHE_ADVICE.test(line));
  if (code !== 0) process.exitCode = code ?? 1;
  else if (flagged.length > 0) {
    console.error(`\nThe build printed ${flagged.length} warning or error line(s):\n${flagged.join("\n")}`);
    process.exitCode = 1;
  }
});
