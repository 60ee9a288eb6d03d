import "server-only";
import { createHash, randomBytes } from "node:crypto";

/*
 * Ids and one-time secrets of accounts. Ids are public (events, logs, the session list);
 * tokens are shown once and stored only as their SHA-256: 32 random bytes need no slow
 * hash, nothing can be guessed from them.
 */

export const newPersonId = () => `per_${randomBytes(8).toString("hex")}`;
export const newSessionId = () => `ses_${randomBytes(8).toString("hex")}`;
export const newToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
