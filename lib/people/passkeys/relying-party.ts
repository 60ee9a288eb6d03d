import { isIP } from "node:net";

/** Who the passkeys belong to: the site's host name (the RP ID) and the origin its pages are served from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The name authenticators show beside the account. */
const RP_NAME = "Pet Store staff";

/**
 * The relying party for a site's origin (../site-origin.ts: PETSTORE_PUBLIC_URL when set, else
 * the one derived from the listening address). Undefined when its host is an IP address: WebAuthn
 * takes only a domain as the RP ID, so passkeys need the site opened by a host name
 * (http://localhost works; http://127.0.0.1 does not). A passkey is bound to the RP ID, so
 * the public address must stay the same for passkeys made under it to keep working.
 */
export function relyingPartyFor(origin: string): RelyingParty | undefined {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "" || isIP(host) !== 0) return undefined;
  return { id: host, origin: url.origin, name: RP_NAME };
}
