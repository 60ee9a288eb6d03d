/**
 * Issue 23's measure: the share of POST /v1/pets server CPU that recording events costs, on
 * the file store with the features on. Events cannot be turned off (a change without its
 * event is the one thing decision 160 forbids), so instead of an on/off pair of servers the
 * server runs under V8's sampling profiler (--cpu-prof) while autocannon creates pets, and
 * every sample whose stack passes through the events' code is counted against every sample
 * the server was busy: building the event (lib/events), encoding its journal line and keeping
 * it (lib/events/file-event-*.ts), and what the news of it wakes (lib/webhooks' dispatcher).
 * A sample's frame says which module it ran in: the front server's bundle is not minified and
 * esbuild heads each module with its path; Next's server chunks have source maps. Not counted: the few hundred bytes more each
 * batch writes, and garbage collection the events' allocations cause (the collector's samples
 * are in the total only), so the share is a slight underestimate; it is reported as such.
 */
import fs from "node:fs";
import { SourceMap } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { postHeaders, requestKey } from "./features.mjs";
import { DIST_DIR, PORT, log, root } from "./options.mjs";
import { startApp, stopServer } from "./servers.mjs";

/** Issue 23's target: at most 10 % of POST /v1/pets server CPU. */
export const EVENT_SHARE_TARGET = 0.1;

/**
 * The modules whose samples are the events' cost. Not lib/events/actor.ts: apiRoute runs each
 * whole handler inside its actingAs, so its frame is under every sample of a request.
 */
const EVENT_MODULES = [/^lib\/events\/(?!actor\.ts$)/, /^lib\/store\/file\/event-(book|line)\.ts$/, /^lib\/webhooks\//];

/** Profiles the app under POST /v1/pets load and prints the events' share of its busy samples. */
export async function measureEventShare({ options, features, serverEnv }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-events-"));
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-profile-"));
  let server;
  try {
    // A fresh store and server, so the profile holds this load only (and its start, which is idle or tiny).
    const key = requestKey(features, dataDir);
    // Node flags, not NODE_OPTIONS: Node 20 refuses --cpu-prof there.
    server = await startApp(options, dataDir, undefined, serverEnv, PORT, [
      "--cpu-prof",
      `--cpu-prof-dir=${profileDir}`,
    ]);
    log(`profiling POST /v1/pets for ${options.duration} s`);
    // V8 stamps samples with the monotonic clock hrtime reads (µs): only the load's samples count, not the start's.
    const from = Number(process.hrtime.bigint() / 1000n);
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}/v1/pets`,
      method: "POST",
      connections: options.connections,
      duration: options.duration,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: {
              authorization: `Bearer ${key}`,
              "content-type": "application/json",
              ...postHeaders(features),
            },
            body: JSON.stringify({ name: "Profiled", categoryId: 1 }),
          }),
        },
      ],
    });
    const to = Number(process.hrtime.bigint() / 1000n);
    if (result.non2xx > 0) throw new Error(`${result.non2xx} of the profiled POSTs failed`);
    await stopServer(server);
    server = undefined;
    const share = eventShare(readLargestProfile(profileDir), path.join(root, DIST_DIR, "front/server.mjs"), [from, to]);
    const ok = share.share <= EVENT_SHARE_TARGET;
    console.log(`\n## Recording events, file store, features ${features} (issue 23)\n`);
    console.log(
      `POST /v1/pets: ${result.requests.average.toFixed(0)} req/s under the profiler; ${share.busy} busy samples, ` +
        `${share.events} in the events' code: ${(share.share * 100).toFixed(1)} % of server CPU ` +
        `(target ≤ ${EVENT_SHARE_TARGET * 100} %) ${ok ? "ok" : "MISSED"}`,
    );
    for (const [source, samples] of share.byModule) console.log(`  ${source}: ${samples}`);
    return share;
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

/** The profile of the process that did the work (the biggest, should the server have forked). */
export function readLargestProfile(dir) {
  const files = fs.readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"));
  if (files.length === 0) throw new Error("the server wrote no CPU profile");
  const sizes = files.map((name) => [fs.statSync(path.join(dir, name)).size, name]).sort((a, b) => b[0] - a[0]);
  return JSON.parse(fs.readFileSync(path.join(dir, sizes[0][1]), "utf8"));
}

/**
 * Counts the profile's busy samples (all but idle) between `from` and `to` (µs) and those with an events module anywhere
 * on their stack; `byModule` says which events module the sample's innermost such frame was in.
 */
export function eventShare(profile, bundleFile, [from, to] = [-Infinity, Infinity]) {
  const moduleAt = moduleIndex(fs.readFileSync(bundleFile, "utf8"), bundleFile);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const eventModuleOf = new Map();
  const ownModule = (node) => {
    const source = moduleAt(node.callFrame);
    return source && EVENT_MODULES.some((pattern) => pattern.test(source)) ? source : undefined;
  };
  const innermostEventModule = (id) => {
    if (eventModuleOf.has(id)) return eventModuleOf.get(id);
    const node = nodes.get(id);
    const parent = parents.get(id);
    const found = ownModule(node) ?? (parent === undefined ? undefined : innermostEventModule(parent));
    eventModuleOf.set(id, found);
    return found;
  };
  let busy = 0;
  let events = 0;
  const byModule = new Map();
  let at = profile.startTime;
  for (const [index, id] of profile.samples.entries()) {
    at += profile.timeDeltas[index];
    if (at < from || at > to || nodes.get(id).callFrame.functionName === "(idle)") continue;
    busy += 1;
    const source = innermostEventModule(id);
    if (!source) continue;
    events += 1;
    byModule.set(source, (byModule.get(source) ?? 0) + 1);
  }
  return { busy, events, share: events / busy, byModule: [...byModule].sort((a, b) => b[1] - a[1]) };
}

/**
 * A frame's source module: in the front server's bundle from esbuild's `// path` comment
 * heading each module; in Next's server chunks (minified) from the chunk's source map.
 */
export function moduleIndex(bundle, bundleFile) {
  const starts = [];
  bundle.split("\n").forEach((line, index) => {
    const match = /^\/\/ ((?:lib|app|scripts|node_modules)\/\S+)$/.exec(line);
    if (match) starts.push([index, match[1]]);
  });
  const maps = new Map();
  const mapOf = (url) => {
    if (!maps.has(url)) {
      const file = `${url.startsWith("file://") ? fileURLToPath(url) : url}.map`;
      maps.set(url, fs.existsSync(file) ? new SourceMap(JSON.parse(fs.readFileSync(file, "utf8"))) : undefined);
    }
    return maps.get(url);
  };
  return ({ url, lineNumber, columnNumber }) => {
    if (!url) return undefined;
    if (url.endsWith(path.basename(bundleFile))) return moduleStartingBefore(starts, lineNumber);
    const source = mapOf(url)?.findEntry(lineNumber, columnNumber)?.originalSource;
    // Turbopack names sources relative to the chunk ("../../../lib/…") or as "turbopack:///[project]/lib/…".
    return source?.replace(/^(?:.*\[project\]\/|(?:\.\.\/)+)/, "");
  };
}

function moduleStartingBefore(starts, lineNumber) {
  let low = 0;
  let high = starts.length - 1;
  let found;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (starts[middle][0] <= lineNumber) {
      found = starts[middle][1];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
