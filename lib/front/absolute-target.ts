import type { IncomingMessage } from "node:http";

const ABSOLUTE_FORM = /^https?:\/\/([^/?#]*)(.*)$/is;

/**
 * A request target in absolute form (`GET http://host/path HTTP/1.1`, RFC 9112 §3.2.2),
 * which a server must accept, is rewritten here to the origin form its path stands for,
 * when it names the very host the Host header names. A target for another host (Next would
 * answer it with a redirect to that host), or any other target that does not start with
 * "/" (bar `OPTIONS *`), is refused: false, and the caller answers 400.
 */
export function takeOriginForm(request: IncomingMessage): boolean {
  const target = request.url ?? "";
  if (target.startsWith("/")) return true;
  if (target === "*" && request.method === "OPTIONS") return true;
  const match = ABSOLUTE_FORM.exec(target);
  if (!match) return false;
  const [, authority = "", rest = ""] = match;
  const host = request.headers.host;
  if (!host || authority.toLowerCase() !== host.toLowerCase()) return false;
  request.url = rest.startsWith("/") ? rest : `/${rest}`;
  return true;
}
