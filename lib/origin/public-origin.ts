/**
 * The one public origin of a server (docs/decisions/201): the address every link it hands out
 * names (mail, invitations, the set-up link, shared links' previews) and the Origin its
 * browser checks expect. Worked out from configuration only, never from a request's Host or
 * X-Forwarded-* headers, which any client may set.
 */
export interface PublicOrigin {
  /** `https://pets.example.org`: scheme, host and port, nothing after them. */
  origin: string;
  /** "configured": PETSTORE_PUBLIC_URL; "derived": from the port and host the server listens on. */
  source: "configured" | "derived";
  /**
   * The origins a page of this site may have, `origin` first. Only a derived origin on a
   * loopback name adds the other loopback names on the same port: all three are this machine
   * and this port, so this server, and a browser on the machine may use any of them.
   */
  accepted: readonly string[];
}

export interface OriginSettings {
  /** PETSTORE_PUBLIC_URL, already checked and reduced to its origin (lib/config.ts). */
  publicUrl: string | undefined;
  /** The port the server listens on. */
  port: number | string;
  /** The host given with -H (`npm start`, `next start`); unset or unspecified: every interface. */
  hostname?: string | undefined;
}

/** Loopback names, as URLs write them: the names a browser on the server's machine uses for it. */
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"] as const;
const UNSPECIFIED = new Set(["", "0.0.0.0", "::", "[::]"]);
// A host name or an IP literal, as -H takes them: nothing that could add a path, user or port.
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])$/;

export function publicOriginFrom({ publicUrl, port, hostname }: OriginSettings): PublicOrigin {
  if (publicUrl) return { origin: publicUrl, source: "configured", accepted: [publicUrl] };
  const host = urlHost(hostname);
  const origin = originAt(host, port);
  if (!(LOOPBACK as readonly string[]).includes(host)) return { origin, source: "derived", accepted: [origin] };
  const aliases = LOOPBACK.map((name) => originAt(name, port)).filter((alias) => alias !== origin);
  return { origin, source: "derived", accepted: [origin, ...aliases] };
}

/**
 * The host a listening address is reached by, as a URL writes it: every interface (no -H,
 * 0.0.0.0, ::) is `localhost`, as `next start` itself says on start; an IPv6 literal is
 * bracketed. Throws on anything that is no host: the start then fails with one line.
 */
function urlHost(hostname: string | undefined): string {
  const name = (hostname ?? "").trim().toLowerCase();
  if (UNSPECIFIED.has(name)) return "localhost";
  const host = name.includes(":") && !name.startsWith("[") ? `[${name}]` : name;
  if (!HOST.test(host)) throw new Error("the listening host (-H) is not a host name or an IP address");
  return host === "[0:0:0:0:0:0:0:1]" ? "[::1]" : host;
}

function originAt(host: string, port: number | string): string {
  return new URL(`http://${host}:${port}`).origin;
}
