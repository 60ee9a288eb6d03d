import { createHmac, timingSafeEqual } from "node:crypto";
import type { ApplicationAnswers, SuspectReason } from "./schemas";

/*
 * The adopters' form's spam checks, without a third-party CAPTCHA (docs/decisions/194). Pure:
 * the key and the time come in. None of them refuses an application: each names a reason to
 * doubt it, and the application is kept and flagged for staff, so a person a check misjudges
 * loses nothing.
 */

/** Faster than this from the form's first load to its submission, no person typed it. */
export const FASTEST_HUMAN_MS = 3_000;
/** A form older than this was kept open for a day, or its stamp replayed. */
export const FORM_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Links allowed across the free-text answers before the application is doubted. */
export const MAX_LINKS_IN_TEXT = 2;

/** The hidden fields the form carries besides the answers (components/applications/application-form.tsx). */
export const HONEYPOT_FIELD = "website";
export const FORM_STAMP_FIELD = "formStamp";

/** The stamps' key, narrowed from the store's signing key (lib/applications/secrets.ts) to this one use. */
export function formStampKeyFrom(signingKey: Buffer): Buffer {
  return createHmac("sha256", signingKey).update("application-form-stamp").digest();
}

/** `<ms>.<hmac>`: when the form was first served, signed, so a bot cannot pretend it waited. */
export function signFormStamp(key: Buffer, issuedAtMs: number): string {
  return `${issuedAtMs}.${stampMac(key, issuedAtMs)}`;
}

/** When the stamp says the form was first served, or undefined when the stamp is not one of ours. */
export function readFormStamp(key: Buffer, stamp: string): number | undefined {
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(stamp);
  if (!match) return undefined;
  const issuedAtMs = Number(match[1]);
  const expected = Buffer.from(stampMac(key, issuedAtMs), "hex");
  return timingSafeEqual(expected, Buffer.from(match[2]!, "hex")) ? issuedAtMs : undefined;
}

function stampMac(key: Buffer, issuedAtMs: number): string {
  return createHmac("sha256", key).update(`application-form:${issuedAtMs}`).digest("hex");
}

export interface SpamSignals {
  answers: ApplicationAnswers;
  /** The honeypot field as sent: a person never sees it, so it stays empty. */
  honeypot: string;
  formStamp: string;
  key: Buffer;
  nowMs: number;
}

/** Why this application is doubted, in a fixed order; empty when nothing is. */
export function suspectReasons({ answers, honeypot, formStamp, key, nowMs }: SpamSignals): SuspectReason[] {
  const reasons: SuspectReason[] = [];
  if (honeypot.trim() !== "") reasons.push("honeypot_filled");
  const issuedAtMs = readFormStamp(key, formStamp);
  if (issuedAtMs === undefined) reasons.push("form_signature_invalid");
  else if (nowMs - issuedAtMs < FASTEST_HUMAN_MS) reasons.push("submitted_too_fast");
  else if (nowMs - issuedAtMs > FORM_LIFETIME_MS) reasons.push("form_expired");
  if (countLinks(answers.name) > 0) reasons.push("link_in_name");
  const freeText = [answers.otherAnimals, answers.experience, answers.whyThisAnimal];
  if (freeText.reduce((sum, text) => sum + countLinks(text), 0) > MAX_LINKS_IN_TEXT) reasons.push("too_many_links");
  if (sameAnswerEverywhere([answers.name, ...freeText])) reasons.push("repeated_answers");
  return reasons;
}

// A URL, a bare www. address, or the markup forums' spam uses for one.
const LINK = /\bhttps?:\/\/|\bwww\.[^\s.]+\.|<a\s|\[url\b/gi;

export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** Three or more text answers given, and all the same: pasted by a script, not written. */
function sameAnswerEverywhere(texts: string[]): boolean {
  const given = texts.map((text) => text.trim().toLowerCase()).filter((text) => text !== "");
  return given.length >= 3 && given.every((text) => text === given[0]);
}
