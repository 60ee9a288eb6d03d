import * as z from "zod";
import { grants, Scope } from "./scopes";

/*
 * What a new key may be, written once: `npm run keys -- create` (./key-command.ts), POST
 * /v1/keys (./schemas.ts) and the console's form all read these. Isomorphic.
 */
export const KEY_NAME_MAX_LENGTH = 100;
/** The longest lifetime a key may be given in days, as `--expires-in` and `expiresInDays` take it. */
export const KEY_LIFETIME_MAX_DAYS = 99_999;
const DAY_MS = 86_400_000;

export const KeyName = z
  .string()
  .trim()
  .min(1, { error: "must not be empty" })
  .max(KEY_NAME_MAX_LENGTH, { error: `must be at most ${KEY_NAME_MAX_LENGTH} characters` })
  .meta({ description: "What the key is for; shown in listings and the logs", examples: ["shop front"] });

export const KeyScopes = z
  .array(Scope)
  .min(1, { error: "must name at least one scope" })
  .meta({ description: "What the key may do; a repeated scope counts once" });

export const KeyLifetimeDays = z
  .int({ error: `must be a whole number of days from 1 to ${KEY_LIFETIME_MAX_DAYS}` })
  .min(1, { error: `must be a whole number of days from 1 to ${KEY_LIFETIME_MAX_DAYS}` })
  .max(KEY_LIFETIME_MAX_DAYS, { error: `must be a whole number of days from 1 to ${KEY_LIFETIME_MAX_DAYS}` });

/** When a key given `days` to live at `now` expires. */
export function expiryAfterDays(days: number, now: Date): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/**
 * The scopes of `wanted` that `held` does not grant. A caller may issue or revoke only keys
 * whose every scope it holds itself: keys:write is no way to more power (docs/decisions/186).
 */
export function scopesBeyond(held: readonly Scope[], wanted: readonly Scope[]): Scope[] {
  return wanted.filter((scope) => !grants(held, scope));
}
