/**
 * What the animal's record costs a file store's open (issue 41):
 * npm run bench:store -- --reopen [--pets 100000] [--runs 3]
 *
 * Each run seeds a store with pets only (seedFileStore, as the main benchmark does) and opens
 * it three times, each in a fresh child process: without first stays (`firstStays: false`,
 * the store as it was before the record), then the first open with them (it writes every
 * pet's first stay), then a later open (it reads those stays back). Prints the medians of the
 * runs: open time and the CPU time it took (steadier on a shared machine), the heap in use and
 * the RSS after a garbage collection. Figures only.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { PET_STATUSES, type PetStatus } from "@/lib/pets/schemas";
import { openFileStore } from "@/lib/composition/file-store";
import { seedFileStore } from "@/lib/composition/file-seed";
import { staysPart } from "@/lib/animal-record/file-stay-part";

const OPENS = ["pets only", "first open", "later open"] as const;
type OpenKind = (typeof OPENS)[number];

interface OpenFigures {
  seconds: number;
  /** CPU time the open took (user and system): steadier than its duration on a shared machine. */
  cpuSeconds: number;
  heapMB: number;
  rssMB: number;
  stays: number;
}

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};

const newPet = (id: number) => ({
  name: `Pet ${id} ${id % 3 ? "Rex" : "Bella Luna"}`,
  categoryId: 1 + (id % 12),
  // A few sold pets, so some first stays are closed by an adoption.
  status: PET_STATUSES[id % 7 < 4 ? 0 : (id % 2) + 1] as PetStatus,
});

function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/** In the child: open `dir` as `kind` says, timed, and measure memory with the store open. */
async function openOnce(dir: string, kind: OpenKind): Promise<OpenFigures> {
  collectGarbage();
  const [started, cpu] = [performance.now(), process.cpuUsage()];
  const store = await openFileStore(dir, { firstStays: kind !== "pets only" });
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  collectGarbage();
  const { heapUsed, rss } = process.memoryUsage();
  const stays = store.engine.states.of(staysPart).size;
  await store.close();
  return { seconds, cpuSeconds: (user + system) / 1e6, heapMB: heapUsed / 2 ** 20, rssMB: rss / 2 ** 20, stays };
}

/** Runs `step` in a fresh process; its last line of output. */
function inChild(step: string, dir: string, pets: number): string {
  const args = [...process.execArgv, process.argv[1] as string, "--reopen", "--child", step, dir, String(pets)];
  const child = spawnSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (child.status !== 0) throw new Error(`bench step ${step} failed: ${child.stdout}`);
  return child.stdout.trim().split("\n").at(-1) as string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function main(): Promise<void> {
  const child = process.argv.indexOf("--child");
  if (child > 0) {
    const [step, dir, pets] = process.argv.slice(child + 1) as [string, string, string];
    if (step === "seed") await seedFileStore(dir, Number(pets), newPet);
    else console.log(JSON.stringify(await openOnce(dir, step as OpenKind)));
    return;
  }
  const pets = flag("--pets", 100_000);
  const runs = flag("--runs", 3);
  const figures = new Map<OpenKind, OpenFigures[]>(OPENS.map((kind) => [kind, []]));
  const load = os.loadavg()[0]?.toFixed(1);
  console.log(`open with the record: ${pets} pets, ${runs} runs, Node ${process.version}, load average ${load}\n`);
  for (let run = 0; run < runs; run++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-reopen-"));
    try {
      inChild("seed", dir, pets);
      for (const kind of OPENS) figures.get(kind)?.push(JSON.parse(inChild(kind, dir, pets)) as OpenFigures);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log("| open | s | CPU s | heap MB | RSS MB | stays |\n| --- | --- | --- | --- | --- | --- |");
  for (const [kind, all] of figures) {
    const m = (pick: (f: OpenFigures) => number) => median(all.map(pick));
    const seconds = [m((f) => f.seconds).toFixed(2), m((f) => f.cpuSeconds).toFixed(2)];
    const cells = [kind, ...seconds, m((f) => f.heapMB).toFixed(0), m((f) => f.rssMB).toFixed(0)];
    console.log(`| ${[...cells, m((f) => f.stays)].join(" | ")} |`);
  }
  console.log(`\nmedians of ${runs} runs; every run: each open in a fresh process, on a store seeded anew`);
}

void main();
