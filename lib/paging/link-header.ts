/** Builds the RFC 8288 `Link` value for the next page, keeping the caller's limit and filter. */
export function nextPageLink(path: string, query: Record<string, string | number | undefined>): string {
  return `<${path}?${queryTextOf(query)}>; rel="next"`;
}

/** A query as form-encoded text (what URLSearchParams makes), leaving out undefined values. */
export function queryTextOf(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params.toString();
}

// What form encoding leaves as it is: a cursor made of these is its own encoding.
const FORM_SAFE = /^[A-Za-z0-9*\-._]*$/;

/**
 * nextPageLink(path, { ...query, cursor }) with `query` already encoded (queryTextOf, and
 * without a cursor): a listing's parameters repeat, its cursor changes with every write.
 */
export function nextPageLinkWithCursor(path: string, queryText: string, cursor: string): string {
  const encoded = FORM_SAFE.test(cursor) ? cursor : new URLSearchParams({ cursor }).toString().slice("cursor=".length);
  return `<${path}?${queryText}${queryText === "" ? "" : "&"}cursor=${encoded}>; rel="next"`;
}

/**
 * The cursor of the `rel="next"` target in an RFC 8288 Link header, e.g.
 * `</v1/pets?limit=20&cursor=XYZ>; rel="next"`. Undefined when there is no next page.
 */
export function parseNextCursor(linkHeader: string | null | undefined): string | undefined {
  return parseNextQuery(linkHeader)?.get("cursor") ?? undefined;
}

/** The query of the `rel="next"` target that carries a cursor; undefined when there is no next page. */
export function parseNextQuery(linkHeader: string | null | undefined): URLSearchParams | undefined {
  if (!linkHeader) return undefined;
  for (const link of linkHeader.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(link);
    if (!match) continue;
    const [, target = "", params = ""] = match;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/);
    if (!relations.includes("next")) continue;
    const query = new URL(target, "http://link.invalid").searchParams;
    if (query.get("cursor")) return query;
  }
  return undefined;
}
