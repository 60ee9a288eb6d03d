/**
 * Just enough Markdown reading to check our own pages' links: the links a page makes and the
 * anchors its headings get on GitHub. Hand-written rather than a Markdown library because our
 * pages use a small, regular subset (ATX headings, fenced code, inline links), and code is the
 * one place a `[x](y)` or a `#` line must not count (docs/decisions/233).
 */

/** A page's lines with fenced code blocks blanked, so nothing inside them is read. */
function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split("\n").map((line) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && opening) {
      fence = opening;
      return "";
    }
    if (fence !== undefined) {
      if (line.trim().startsWith(fence) && line.trim().replaceAll(fence[0]!, "") === "") fence = undefined;
      return "";
    }
    return line;
  });
}

/** Inline code spans (any number of backticks) replaced by their text, which is never a link. */
function withoutCodeSpans(text: string, keepText: boolean): string {
  const span = /(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g;
  // A span never runs past a blank line: an unmatched backtick is just a backtick.
  return text
    .split(/(\n\s*\n)/)
    .map((block) => block.replace(span, (_span, _ticks, inner: string) => (keepText ? inner.trim() : "code")))
    .join("");
}

/** The targets of a page's inline links and images, and of its link reference definitions. */
export function linkTargets(markdown: string): string[] {
  const prose = withoutCodeSpans(proseLines(markdown).join("\n"), false);
  const targets: string[] = [];
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  for (const match of prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(match[1]!);
  return targets;
}

/**
 * The anchor GitHub gives a heading (github-slugger's rule): its text as rendered, lower-cased,
 * every character but letters, digits, `_`, `-` and spaces dropped, each space a hyphen.
 */
export function slugOf(headingText: string): string {
  const rendered = withoutCodeSpans(headingText, true)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "");
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a page's headings get, a repeated one numbered `-1`, `-2`, … as GitHub does. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!heading) continue;
    const slug = slugOf(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
