import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { config } from "@/lib/config";

/**
 * Passwords are hashed with scrypt at OWASP's Password Storage Cheat Sheet parameters
 * (N = 2^17, r = 8, p = 1: 128 MiB and about half a second per hash here), in libuv's thread
 * pool, never on the event loop. The stored string names its parameters, so raising them
 * later re-hashes each password at its next sign-in and old ones still verify
 * (docs/decisions/189).
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
export const PASSWORD_COST: Readonly<ScryptCost> = { N: 2 ** 17, r: 8, p: 1 };

/**
 * The cost new hashes are made with: PASSWORD_COST, unless the server is one of the project's
 * own test servers and was given a cheaper N (PETSTORE_TEST_PASSWORD_COST, which no server
 * outside Vitest starts with: lib/config.ts, docs/decisions/236).
 */
export function currentPasswordCost(): Readonly<ScryptCost> {
  return config.testPasswordN === undefined ? PASSWORD_COST : { ...PASSWORD_COST, N: config.testPasswordN };
}

/** Shortest password accepted (OWASP ASVS 2.1.1), longest (a bound on the work of one sign-in). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

const KEY_LENGTH = 32;
const PREFIX = "scrypt";

/** `scrypt$N$r$p$<salt b64url>$<hash b64url>`. */
export async function hashPassword(password: string, cost: ScryptCost = currentPasswordCost()): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, cost);
  return [PREFIX, cost.N, cost.r, cost.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/** True when `password` is the one `stored` was made from; false for any malformed `stored`. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const hash = await derive(password, parsed.salt, parsed.cost);
  return hash.length === parsed.hash.length && timingSafeEqual(hash, parsed.hash);
}

/** True when `stored` was made with weaker parameters than today's: re-hash it after a good sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  const today = currentPasswordCost();
  return !parsed || parsed.cost.N < today.N || parsed.cost.r < today.r || parsed.cost.p < today.p;
}

/** Work equal to one verification, for an e-mail that names no account: the answer takes as long either way. */
let decoy: Promise<string> | undefined;
export async function verifyNothing(password: string): Promise<false> {
  decoy ??= hashPassword("a decoy no account has");
  await verifyPassword(password, await decoy);
  return false;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r * p bytes; Node's default cap is 32 MiB.
  const options: ScryptOptions = { ...cost, maxmem: 129 * cost.N * cost.r * cost.p + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | undefined {
  const [prefix, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (prefix !== PREFIX || salt === undefined || hash === undefined || rest.length > 0) return undefined;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((value) => Number.isSafeInteger(value) && value > 0)) return undefined;
  // A stored string is ours, but bound it anyway: a corrupted N must not ask for terabytes.
  if (cost.N > 2 ** 20 || cost.r > 32 || cost.p > 16) return undefined;
  return { cost, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}
