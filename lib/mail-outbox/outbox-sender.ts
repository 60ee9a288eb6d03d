import { isTransientMailError, mailRetryDelay, type MailError } from "@/lib/applications/mail-retry";
import type { OutboxEntry, OutboxStore } from "./outbox-store";

export type MailMessage = { to: string; subject: string; text: string };
/** Makes a kind's message from what it is about when it is sent; undefined when that is gone (the entry is dropped). */
export type MailRenderer = (about: string) => Promise<MailMessage | undefined>;
export type MailTransport = (message: MailMessage) => Promise<void>;

export interface OutboxSenderOptions {
  store: OutboxStore;
  renderers: Readonly<Record<string, MailRenderer>>;
  transport: MailTransport;
  /** The waits before attempts 2, 3, … (PETSTORE_MAIL_RETRY_SCHEDULE). */
  schedule: readonly number[];
  /** Log lines, by kind and attempt only: never the address, the text or the server's words. */
  log: (level: "info" | "warn", fields: Record<string, unknown>, message: string) => void;
  now?: () => Date;
}

/** Entries claimed per pass; each is sent in turn on the one pooled connection. */
const CLAIM_LIMIT = 10;
/** A claim outlives a send's connect and socket timeouts (lib/mail-outbox/smtp-transport.ts), with room. */
export const CLAIM_LEASE_MS = 60_000;

/**
 * Sends the outbox's due entries, at least once (docs/decisions/207): each is claimed, made
 * into its message, sent, then removed; a failure that may pass is recorded with its next try
 * on the retry schedule, one that cannot (or the schedule spent) is given up, kept a while
 * without the message for staff to see. A crash between sending and removing sends it again
 * once the claim's lease runs out.
 */
export class OutboxSender {
  private passing: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: OutboxSenderOptions) {}

  /** Polls for entries falling due (retries, other instances' work) every `pollMs`. */
  start(pollMs: number): void {
    this.timer = setInterval(() => this.wake(), pollMs);
    // Unref'd: a pending retry never keeps a stopping server alive.
    this.timer.unref();
    this.wake();
  }

  /** Runs a pass now (an entry was just released), or once more after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = this.passUntilIdle().finally(() => (this.passing = undefined));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.passing;
  }

  private async passUntilIdle(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.pass();
      } catch (error) {
        // The store unavailable: the claims run out, and a later pass tries again.
        this.options.log(
          "warn",
          { event: "mail", err: error instanceof Error ? error.message : "unknown" },
          "Mail outbox: a pass failed",
        );
      }
    } while (this.again && !this.stopped);
  }

  /** One pass: what is due now, sent in turn. */
  async pass(): Promise<void> {
    const { store } = this.options;
    const claimed = await store.claimDue(this.now(), CLAIM_LIMIT, CLAIM_LEASE_MS);
    for (const entry of claimed) await this.sendOne(entry);
    if (claimed.length === CLAIM_LIMIT) this.again = true;
  }

  private async sendOne(entry: OutboxEntry): Promise<void> {
    const { store, renderers, transport, schedule, log } = this.options;
    const render = renderers[entry.kind];
    const message = render ? await render(entry.about) : undefined;
    if (!message) {
      // About nothing any more: never stored (a crash, a duplicate), or erased since.
      await store.remove([entry.id]);
      return;
    }
    const attempt = entry.attempts + 1;
    try {
      await transport(message);
    } catch (caught) {
      const error = caught as MailError | undefined;
      const delay = mailRetryDelay(schedule, attempt, error);
      // Its code alone: a server's message may quote an address.
      const fields = {
        event: "mail",
        kind: entry.kind,
        attempt,
        code: String(error?.code ?? "unknown"),
        responseCode: error?.responseCode,
      };
      const now = this.now();
      const failure = { id: entry.id, attempts: attempt, lastError: failureInWords(error) };
      if (delay === undefined) {
        log("warn", fields, "mail could not be sent");
        await store.recordFailure({ ...failure, givenUpAt: now.toISOString() });
      } else {
        log("warn", { ...fields, retryInMs: delay }, "mail could not be sent yet; trying again later");
        await store.recordFailure({ ...failure, nextAttemptAt: new Date(now.getTime() + delay).toISOString() });
      }
      return;
    }
    log("info", { event: "mail", kind: entry.kind, attempt }, "mail sent");
    await store.remove([entry.id]);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

/** What staff read of a failure: our words and the mail server's reply code, never its text. */
export function failureInWords(error: MailError | undefined): string {
  const reply = error?.responseCode;
  if (typeof reply === "number") {
    return reply >= 400 && reply < 500
      ? `The mail server refused it for now (reply ${reply}).`
      : `The mail server refused it (reply ${reply}); it will not be tried again.`;
  }
  const code = String(error?.code ?? "unknown");
  return isTransientMailError(error)
    ? `The mail server could not be reached (${code}).`
    : `Sending failed (${code}); it will not be tried again.`;
}
