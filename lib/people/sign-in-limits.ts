import "server-only";
import { createHash } from "node:crypto";
import { nowMs } from "@/lib/clock";
import { config } from "@/lib/config";
import { logSecurityEvent } from "@/lib/ops/log-security";
import { addressGroup } from "@/lib/rate-limit/address-group";
import { clientAddressOf } from "@/lib/rate-limit/client-address";
import { getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";
import { windowOf } from "@/lib/rate-limit/rate-limiter";
import { getSigningKey } from "./accounts";
import { SignInBusyError, SignInLimitedError } from "./people-errors";
import { trustedDeviceOf } from "./trusted-device";

/**
 * Failed sign-ins allowed per window, counted by the API's rate limiter (shared by every
 * instance on PostgreSQL), and checked before any password is hashed (docs/decisions/205):
 *
 * - `perClient`: per account and client. A client is the browser when it carries this
 *   account's device cookie (./trusted-device.ts), else its address group (an IPv6 /64).
 *   A stranger's guesses lock the stranger, never the owner's own browser or address.
 * - `perAccount`: per account, over every client the account does not know: guesses from
 *   many addresses. It closes the account to unknown clients only; the owner's known
 *   browser, and passkeys, still sign in.
 * - `perAddress`: per address group, over every account it tries that does not know it.
 *
 * An account is counted by the e-mail typed, whether or not it names an account, so the
 * limits tell nothing about which e-mails exist. Once a count reaches its limit, the next
 * attempt it covers is refused (429) until the window ends, the right password or not.
 */
export const SIGN_IN_LIMITS = { perClient: 10, perAccount: 50, perAddress: 30 } as const;

/** The window the counts run over, aligned to the clock: PETSTORE_SIGN_IN_WINDOW_MINUTES (15). */
const windowSeconds = () => config.signInWindowMinutes * 60;

/** Who is signing in, as the limits count them. */
export interface SignInClient {
  /** Resolved through PETSTORE_TRUSTED_PROXIES: for the security log only. */
  address: string;
  group: string;
  /** The device cookie's id when the browser is known to the account being signed in to. */
  device?: string;
}

/** Where a refusal is logged from, and the account when it is known (never the e-mail typed). */
export interface SignInAttempt {
  route: string;
  personId?: string;
}

type LimitKind = "client" | "account" | "address";
interface Bucket {
  name: string;
  limit: number;
  kind: LimitKind;
}

/** The client of a sign-in to `email` (normalized; undefined when none is named, as with a passkey). */
export async function signInClientOf(request: Request, email?: string): Promise<SignInClient> {
  const address = clientAddressOf(request);
  const client: SignInClient = { address, group: addressGroup(address) };
  if (email !== undefined) {
    const device = trustedDeviceOf(request, email, await getSigningKey());
    if (device) client.device = device;
  }
  return client;
}

const digest = (email: string) => createHash("sha256").update(email).digest("hex");

function bucketsOf(email: string | undefined, client: SignInClient): Bucket[] {
  const { perClient, perAccount, perAddress } = SIGN_IN_LIMITS;
  if (email !== undefined && client.device) {
    return [{ name: `sign-in:device:${client.device}`, limit: perClient, kind: "client" }];
  }
  const address: Bucket = { name: `sign-in:address:${client.group}`, limit: perAddress, kind: "address" };
  if (email === undefined) return [address];
  const account = digest(email);
  return [
    { name: `sign-in:client:${account}:${client.group}`, limit: perClient, kind: "client" },
    { name: `sign-in:account:${account}`, limit: perAccount, kind: "account" },
    address,
  ];
}

/** Throws the 429 while any count covering this attempt has reached its limit. */
export async function refuseWhileLimited(
  email: string | undefined,
  client: SignInClient,
  attempt: SignInAttempt,
): Promise<void> {
  const buckets = bucketsOf(email, client);
  const counts = await countedOrBusy(buckets.map((bucket) => bucket.name));
  if (!buckets.some((bucket, index) => counts[index]! >= bucket.limit)) return;
  logSecurityEvent({ kind: "sign_in_failed", clientAddress: client.address, ...attempt, reason: "locked" });
  throw limited(windowOf(nowMs(), windowSeconds()).resetSeconds);
}

/**
 * Counts a failed attempt; the 429 to answer instead of `refusal` once a limit was already
 * passed. The failure that reaches a limit logs the lock-out, once.
 */
export async function countFailure<Refusal extends Error>(
  email: string | undefined,
  client: SignInClient,
  attempt: SignInAttempt,
  refusal: Refusal,
): Promise<Refusal | SignInLimitedError> {
  const limiter = await getRateLimiter();
  let resetSeconds = 0;
  for (const bucket of bucketsOf(email, client)) {
    const state = await limiter.hit(bucket.name, bucket.limit, windowSeconds());
    if (state.allowed && state.remaining === 0) {
      logSecurityEvent({ kind: "sign_in_locked", clientAddress: client.address, ...attempt, reason: bucket.kind });
    }
    if (!state.allowed) resetSeconds = Math.max(resetSeconds, state.resetSeconds);
  }
  return resetSeconds > 0 ? limited(resetSeconds) : refusal;
}

/**
 * The counts, read once more if the first read fails (a cold connection on a loaded
 * database). A limit that cannot be read refuses the attempt (503, as a full hashing gate
 * does) rather than let a password be tried unlimited: fail closed, unlike the API's
 * request quotas, since sign-in is where guessing happens.
 */
async function countedOrBusy(names: string[]): Promise<number[]> {
  const limiter = await getRateLimiter();
  const read = () => Promise.resolve(limiter.counted(names, windowSeconds()));
  try {
    return await read().catch(read);
  } catch {
    throw new SignInBusyError("Sign-in cannot be checked right now; try again in a moment.");
  }
}

function limited(retryAfterSeconds: number): SignInLimitedError {
  return new SignInLimitedError(retryAfterSeconds);
}
