/**
 * If-Match (RFC 9110 §13.1.1) as the versions a conditional write accepts: `undefined` when
 * the header is absent or `*` (any current pet; a missing one is 404 before any condition),
 * otherwise the opaque values of its strong entity tags. A weak tag (`W/"…"`) never matches
 * under the strong comparison If-Match asks for, and neither does anything unparsable, so
 * those leave an empty list: the write is refused with 412 rather than done unconditionally.
 */
export function versionsFromIfMatch(header: string | null): readonly string[] | undefined {
  if (header === null || header.trim() === "*") return undefined;
  return header
    .split(",")
    .map((member) => /^\s*"([\x21\x23-\x7e]*)"\s*$/.exec(member)?.[1])
    .filter((value): value is string => value !== undefined);
}
