import type { KeyIssuer } from "./key-issuer";
import type { Scope } from "./scopes";
import type { Role } from "@/lib/people/roles";

/** Who sent a request, as authentication found it; shared by every request of one key, so never changed. */
export interface Caller {
  /** Stable and not secret: partitions rate limits and Idempotency-Keys per key (per person for the console). */
  keyId: string;
  name: string;
  scopes: readonly Scope[];
  expiresAt?: string;
  /** For a key: who stands behind it (lib/keys/key-issuer.ts); absent for a person. */
  issuer?: KeyIssuer;
  /** A person signed in to the console (lib/people/person-caller.ts): their id, which keyId repeats. */
  personId?: string;
  /** That person's session. */
  sessionId?: string;
  /** That person's role, which gave the scopes. */
  role?: Role;
}
