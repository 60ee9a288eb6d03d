import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { headingAnchors, linkTargets } from "./markdown";

/** A link that leaves the repository (`https:`, `mailto:`) or names a path on the running site (`/docs`). */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/");
}

/**
 * The links of one Markdown file that lead nowhere: a file or folder that does not exist, or an
 * `#anchor` no heading of the Markdown page it names has. Each is described as
 * "file: target (why)".
 */
export function brokenLinks(file: string): string[] {
  const markdown = readFileSync(file, "utf8");
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (isExternal(target)) continue;
    const [rawPath = "", rawAnchor] = target.split("#", 2);
    const linked = rawPath === "" ? file : path.resolve(path.dirname(file), decodeURIComponent(rawPath));
    if (!existsSync(linked)) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (rawAnchor === undefined || !linked.endsWith(".md") || statSync(linked).isDirectory()) continue;
    const anchor = decodeURIComponent(rawAnchor);
    if (!headingAnchors(readFileSync(linked, "utf8")).has(anchor)) {
      broken.push(`${file}: ${target} (no heading with that anchor)`);
    }
  }
  return broken;
}
