// Processes the JPEG at argv[2] once, as an upload is, in a fresh process: prints the time
// and the process's peak resident memory (VmHWM, native libvips memory included) above
// what it held before.
import { readFileSync } from "node:fs";
import { processPhoto } from "@/lib/photos/process-photo";

function status(field: string): number {
  const line = readFileSync("/proc/self/status", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

const input = readFileSync(process.argv[2]!);
const before = status("VmRSS");
const started = performance.now();
const cpuBefore = process.cpuUsage();
const photo = await processPhoto(input);
const ms = performance.now() - started;
// The process's CPU time, libvips' threads included: on a busy machine, far below the wall time.
const cpu = process.cpuUsage(cpuBefore);
console.log(
  JSON.stringify({
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rssBeforeMB: Math.round(before),
    peakRssMB: Math.round(status("VmHWM")),
    variants: photo.variants.length,
    storedBytes: photo.variants.reduce((sum, variant) => sum + variant.bytes.length, 0),
  }),
);
