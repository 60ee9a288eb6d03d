/**
 * Where a profiled server's CPU went, three ways: inclusive (each module anywhere on a busy
 * sample's stack), self time by module (the innermost frame's module, else what V8 calls the
 * frame: "(garbage collector)", a Node builtin), and self time by function. V8 gives builtins
 * such as JSON.stringify no frame of their own: they count as their caller's self time.
 */
import fs from "node:fs";
import { moduleIndex } from "./event-share.mjs";

/**
 * `{ busy, inclusive, byModule, byFunction }`, each a list of [name, samples], for samples
 * between `from` and `to` (µs, the monotonic clock). `byFunction` names the innermost frame with its
 * module, so builtins (JSON.stringify, Array.join) show beside the code that called them.
 */
export function selfTimeBreakdown(profile, bundleFile, [from, to] = [-Infinity, Infinity]) {
  const moduleAt = moduleIndex(fs.readFileSync(bundleFile, "utf8"), bundleFile);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const moduleOf = new Map();
  // The nearest frame on the stack that belongs to a module (a builtin's caller, for builtins).
  const nearestModule = (id) => {
    if (moduleOf.has(id)) return moduleOf.get(id);
    const source = moduleAt(nodes.get(id).callFrame);
    const parent = parents.get(id);
    const found = source ?? (parent === undefined ? undefined : nearestModule(parent));
    moduleOf.set(id, found);
    return found;
  };
  // Every module on the sample's stack, once: inclusive time (a listing's store call with all it calls).
  const stackModules = new Map();
  const modulesOnStack = (id) => {
    if (stackModules.has(id)) return stackModules.get(id);
    const parent = parents.get(id);
    const set = new Set(parent === undefined ? [] : modulesOnStack(parent));
    const source = moduleAt(nodes.get(id).callFrame);
    if (source) set.add(source);
    stackModules.set(id, set);
    return set;
  };
  let busy = 0;
  const inclusive = new Map();
  const byModule = new Map();
  const byFunction = new Map();
  const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  let at = profile.startTime;
  for (const [index, id] of profile.samples.entries()) {
    at += profile.timeDeltas[index];
    const frame = nodes.get(id).callFrame;
    if (at < from || at > to || frame.functionName === "(idle)") continue;
    busy += 1;
    for (const source of modulesOnStack(id)) add(inclusive, source);
    const own = moduleAt(frame);
    const caller = nearestModule(id);
    add(
      byModule,
      own ??
        (frame.url ? frame.url.replace(/^.*node_modules\//, "node_modules/") : frame.functionName || "(anonymous)"),
    );
    add(
      byFunction,
      `${frame.functionName || "(anonymous)"} ${own ? `[${own}]` : caller ? `(from ${caller})` : ""}`.trim(),
    );
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return { busy, inclusive: sorted(inclusive), byModule: sorted(byModule), byFunction: sorted(byFunction) };
}
