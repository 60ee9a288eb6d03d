import "server-only";
import { createTransport } from "nodemailer";
import { config } from "@/lib/config";
import { globalSlot } from "@/lib/ops/global-slot";
import type { MailTransport } from "./outbox-sender";

/** Whether the server sends e-mail at all (PETSTORE_SMTP_URL). */
export const mailConfigured = (): boolean => config.smtpUrl !== undefined;

/** Sends over PETSTORE_SMTP_URL, from PETSTORE_MAIL_FROM; undefined without a mail server. */
export function smtpTransport(): MailTransport | undefined {
  const url = config.smtpUrl;
  if (!url) return undefined;
  // Never nodemailer's own logger: it would print the server's dialogue, addresses included.
  const transport = globalSlot("applicationMailer", () =>
    createTransport({ url, logger: false, debug: false, connectionTimeout: 10_000, socketTimeout: 20_000 }),
  );
  const from = config.mailFrom ?? config.adoptionEmail;
  return async (message) => {
    await transport.sendMail({ from, ...message });
  };
}
