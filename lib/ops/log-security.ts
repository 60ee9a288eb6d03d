import "server-only";
import { getLogger } from "./logger";

/** What a security line reports: a refusal an operator may need to trace to a client. */
export type SecurityEventKind =
  "sign_in_failed" | "sign_in_locked" | "password_change_refused" | "cross_site_refused" | "application_limited";

export interface SecurityEvent {
  kind: SecurityEventKind;
  /** The client address, resolved through PETSTORE_TRUSTED_PROXIES (lib/rate-limit/client-address.ts). */
  clientAddress: string;
  /** The route pattern (`/auth/sign-in`), never the path or its query. */
  route?: string;
  /** The account concerned, by id: never its e-mail, name or password. */
  personId?: string;
  /** Why, in a word from a fixed list (`wrong_password`, `locked`): never what was typed. */
  reason?: string;
}

/**
 * One `event: "security"` log line per refusal that an operator may need to trace back to a
 * client address (failed sign-ins, lock-outs, cross-site requests). The address is the only
 * personal datum it carries; docs/security.md ("Origins and addresses") says how long logs should be kept.
 * Events and metrics never carry it.
 */
export function logSecurityEvent(event: SecurityEvent): void {
  getLogger().warn({ event: "security", ...event }, "security");
}
