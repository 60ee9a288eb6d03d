import "server-only";
import { config } from "@/lib/config";
import { addressGroup } from "@/lib/rate-limit/address-group";
import { getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";
import { mailboxOf } from "./mail-address";
import type { FormFields } from "./form-input";
import { emailDigest, formDigest } from "./secrets";

/*
 * The adopters' form's limits (docs/decisions/194, 208), counted by the API's rate limiter
 * (shared by every instance on PostgreSQL): applications from one client address an hour
 * (an IPv6 client by its /64), and mail to one mailbox a day. The mailbox's bucket is a keyed
 * digest, never the address.
 */

const HOUR = 3_600;
const DAY = 86_400;

/** Counts one application from `address`; resolves the seconds to wait when it is over its limit (not taken), else undefined. */
export async function countApplication(address: string): Promise<number | undefined> {
  const limit = config.applicationsPerAddress;
  if (limit === 0) return undefined;
  const state = await (await getRateLimiter()).hit(`applications:address:${addressGroup(address)}`, limit, HOUR);
  return state.allowed ? undefined : Math.max(1, state.resetSeconds);
}

/**
 * Counts one message to the applicant at `email`; false once their mailbox has had its mail
 * for the day. It never refuses the application: forged applications in someone's name may
 * spend their mail, but cannot keep them from applying (docs/decisions/208).
 */
export async function mayMailApplicant(email: string): Promise<boolean> {
  const limit = config.applicationsPerEmail;
  if (limit === 0) return true;
  const bucket = `applications:email:${await emailDigest(mailboxOf(email))}`;
  return (await (await getRateLimiter()).hit(bucket, limit, DAY)).allowed;
}

/**
 * Whether this very form (every field alike, its stamp included: one page load's) was taken
 * for this animal within the hour: a double-click with JavaScript off, or a reload that posts
 * again. Such a re-submission is answered as the first was and not counted again
 * (docs/decisions/212). Only the browser that loaded the form holds its stamp.
 */
export async function sentBefore(petId: number, fields: FormFields): Promise<boolean> {
  const [count] = await (await getRateLimiter()).counted([await formBucket(petId, fields)], HOUR);
  return (count ?? 0) > 0;
}

/** Remembers, for an hour, that this form was taken (after the per-address limit let it through). */
export async function rememberSent(petId: number, fields: FormFields): Promise<void> {
  await (await getRateLimiter()).hit(await formBucket(petId, fields), 1_000_000, HOUR);
}

async function formBucket(petId: number, fields: FormFields): Promise<string> {
  const canonical = JSON.stringify([petId, ...Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1))]);
  return `applications:form:${await formDigest(canonical)}`;
}
