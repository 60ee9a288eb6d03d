/**
 * One password hash at today's parameters in a fresh process: its time, CPU and the process's
 * peak RSS before and after (what one sign-in costs), as JSON on stdout.
 */
import { hashPassword, verifyPassword } from "@/lib/people/password";

const rssBeforeMB = process.resourceUsage().maxRSS / 1024;
const stored = await hashPassword("a bench passphrase, long enough");
const cpuBefore = process.cpuUsage();
const started = performance.now();
const matches = await verifyPassword("a bench passphrase, long enough", stored);
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
if (!matches) throw new Error("the hash did not verify");
console.log(
  JSON.stringify({
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssBeforeMB,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  }),
);
