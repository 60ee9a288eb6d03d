/**
 * What `npm ci` and other platforms need from package-lock.json: an entry for every
 * optional dependency, including the native builds this machine never installs
 * (docs/decisions/120-install-with-npm-ci.md).
 */
export interface LockFile {
  packages: Record<string, { version?: string; optionalDependencies?: Record<string, string> }>;
}

/** The native packages whose loss is known to break someone's install, on the platforms we support. */
export const NATIVE_FAMILIES = ["next", "@tailwindcss/oxide", "lightningcss", "sharp"] as const;
export const PLATFORMS = ["darwin-arm64", "darwin-x64", "win32-x64", "linux-arm64"] as const;

/** Where npm looks for `name` as seen from the package at `from`: its own folder, then each ancestor's. */
function resolves(lock: LockFile, from: string, name: string): boolean {
  for (let base = from; ;) {
    if (lock.packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut < 0 ? "" : base.slice(0, cut);
  }
}

/** Optional dependencies that the lock names but holds no entry for: `npm ci` refuses such a lock. */
export function unlockedOptionalDependencies(lock: LockFile): string[] {
  const missing = new Set<string>();
  for (const [at, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolves(lock, at, name)) missing.add(`${name} (for ${at || "the project"})`);
    }
  }
  return [...missing].sort();
}

/** For each native family and supported platform, a lock without that platform's build. */
export function missingPlatformBuilds(lock: LockFile): string[] {
  const missing: string[] = [];
  for (const family of NATIVE_FAMILIES) {
    const at = `node_modules/${family}`;
    if (!lock.packages[at]) continue; // not a dependency (yet): nothing to lose
    const builds = Object.keys(lock.packages[at].optionalDependencies ?? {}).filter((name) => resolves(lock, at, name));
    for (const platform of PLATFORMS) {
      // "win32-x64" is spelled "win32-x64-msvc" by some, "linux-arm64" "linux-arm64-gnu".
      if (!builds.some((name) => new RegExp(`-${platform}(-|$)`).test(name))) missing.push(`${family} on ${platform}`);
    }
  }
  return missing;
}
