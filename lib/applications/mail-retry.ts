/**
 * Which failed e-mails are tried again, and when (docs/decisions/195, amended). A mail server
 * that is down, or answers 4xx ("try later": greylisting, a full queue), is tried again on
 * this schedule; a 5xx, or a message it cannot take, is final. The retries are durable: the
 * mail outbox keeps them across restarts and crashes (lib/mail-outbox, docs/decisions/207).
 */
export const MAIL_RETRY_SCHEDULE_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000];

/** Nodemailer's codes for a mail server it could not reach or lost on the way. */
const UNREACHED = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNRESET", "ECONNREFUSED"]);

export interface MailError {
  code?: unknown;
  responseCode?: unknown;
}

/** Whether a failure may pass if the message is sent again later. */
export function isTransientMailError(error: MailError | undefined): boolean {
  const reply = error?.responseCode;
  if (typeof reply === "number") return reply >= 400 && reply < 500;
  return UNREACHED.has(String(error?.code));
}

/** The wait before attempt `attemptsMade + 1`, or undefined when the failure is final or the schedule spent. */
export function mailRetryDelay(
  schedule: readonly number[],
  attemptsMade: number,
  error: MailError | undefined,
): number | undefined {
  return isTransientMailError(error) ? schedule[attemptsMade - 1] : undefined;
}
