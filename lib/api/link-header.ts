/** Builds the RFC 8288 `Link` value for the next page, keeping the caller's limit and filter. */
export function nextPageLink(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return `<${path}?${params}>; rel="next"`;
}
