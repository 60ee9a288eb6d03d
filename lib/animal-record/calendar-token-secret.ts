import "server-only";
import { createHash, randomBytes } from "node:crypto";

/*
 * The feed token's secret and digest. 32 random bytes need no slow hash: nothing can be
 * guessed from the digest, as with the console's session tokens (lib/people/secrets.ts).
 */

export const newCalendarToken = () => randomBytes(32).toString("base64url");
export const calendarTokenDigest = (token: string) => createHash("sha256").update(token).digest("hex");
