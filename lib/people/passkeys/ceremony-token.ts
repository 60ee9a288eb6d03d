import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import * as z from "zod";
import { PasskeyRefusal } from "./passkey-refusal";

/*
 * A ceremony's challenge travels with the client, signed, instead of waiting in one
 * instance's memory: the options request and the answer may reach different instances
 * (docs/decisions/188). The token says what the challenge is for (registering, for which
 * person, or signing in), for which relying party, and until when; its HMAC, under a key
 * every instance shares, makes it unforgeable. Issuing options writes nothing, so anyone may
 * ask for sign-in options; the store records a challenge as used when its answer comes
 * (PasskeyStore.useChallenge), so each is answered once.
 */

/** How long a ceremony may take: the browser's prompt (two minutes) and a little more. */
export const CEREMONY_LIFETIME_MS = 5 * 60_000;
export const PROMPT_TIMEOUT_MS = 2 * 60_000;

const Ceremony = z.object({
  purpose: z.enum(["register", "sign-in"]),
  challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  personId: z.string().optional(),
  rpId: z.string(),
  origin: z.string(),
  expiresAt: z.number(),
});
export type Ceremony = z.infer<typeof Ceremony>;

const SHAPE = /^([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{43})$/;

export function newChallenge(): string {
  return randomBytes(32).toString("base64url");
}

/** The challenge as the library wants it: bytes (a string it would encode again). */
export function challengeBytes(challenge: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(challenge, "base64url"));
}

/** The challenge as the store records it used: its SHA-256, so the table holds no live value. */
export function challengeHash(challenge: string): string {
  return createHash("sha256").update(challenge).digest("hex");
}

export function sealCeremony(ceremony: Ceremony, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(ceremony)).toString("base64url");
  return `${body}.${mac(body, key).toString("base64url")}`;
}

/** The ceremony a token holds, when genuine, unexpired and for `purpose`; else a PasskeyRefusal. */
export function openCeremony(token: unknown, purpose: Ceremony["purpose"], key: Buffer, now: number): Ceremony {
  const refuse = () => new PasskeyRefusal("ceremony_invalid", "The passkey request expired or is not valid; try again");
  const [, body, signature] = (typeof token === "string" && SHAPE.exec(token)) || [];
  if (!body || !signature) throw refuse();
  const presented = Buffer.from(signature, "base64url");
  const expected = mac(body, key);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw refuse();
  const parsed = Ceremony.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
  if (!parsed.success || parsed.data.purpose !== purpose || parsed.data.expiresAt <= now) throw refuse();
  return parsed.data;
}

function mac(body: string, key: Buffer): Buffer {
  return createHmac("sha256", key).update(`passkey-ceremony:${body}`).digest();
}
