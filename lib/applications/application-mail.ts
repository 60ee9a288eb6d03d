import "server-only";
import { createTransport, type Transporter } from "nodemailer";
import { config } from "@/lib/config";
import { getLogger } from "@/lib/ops/logger";
import { globalSlot } from "@/lib/ops/global-slot";
import { mailRetryDelay, type MailError } from "./mail-retry";

/*
 * The application e-mails (docs/decisions/195): to the adopter, their status link; to the
 * shelter, that an application came in (its reference and the animal only: staff read the
 * answers in the console). Sent over PETSTORE_SMTP_URL after the application is stored,
 * never awaited by the page: a slow or failing mail server costs the adopter nothing, and a
 * failure is logged by its code alone (a server's message may quote an address) and tried
 * again later when it may pass.
 */

export const mailConfigured = (): boolean => config.smtpUrl !== undefined;

export interface ApplicationMail {
  to: string;
  petName: string;
  petId: number;
  reference: string;
  statusLink: string;
}

/** Sends the adopter their confirmation and the shelter its notice, in the background. */
export function sendApplicationMail(mail: ApplicationMail): void {
  send("adopter_confirmation", {
    to: mail.to,
    subject: `Your application to adopt ${mail.petName} (${mail.reference})`,
    text: [
      `Thank you for applying to adopt ${mail.petName}.`,
      "",
      `Your reference: ${mail.reference}`,
      "",
      "See how your application is going, or withdraw it, at this private link:",
      mail.statusLink,
      "",
      "Keep this link to yourself: whoever has it can see and withdraw your application.",
    ].join("\n"),
  });
  send("shelter_notice", {
    to: config.shelterEmail ?? config.adoptionEmail,
    subject: `New application ${mail.reference} for ${mail.petName} (#${mail.petId})`,
    text: [
      `A new adoption application, ${mail.reference}, for ${mail.petName} (#${mail.petId}).`,
      "",
      "Read it in the staff console, under Applications.",
    ].join("\n"),
  });
}

/** Sends the adopter's status link again, to the address of an application they already made. */
export function resendStatusLink(mail: ApplicationMail): void {
  send("adopter_reminder", {
    to: mail.to,
    subject: `Your application to adopt ${mail.petName} (${mail.reference})`,
    text: [
      `You have already applied to adopt ${mail.petName}; we have not taken a second application.`,
      "",
      `Your reference: ${mail.reference}`,
      "",
      "See how it is going, or withdraw it, at your private link:",
      mail.statusLink,
    ].join("\n"),
  });
}

type Message = { to: string; subject: string; text: string };

/** Sends one message; a failure that may pass is tried again on the retry schedule (./mail-retry.ts). */
function send(kind: string, message: Message, attempt = 1): void {
  const transport = transporter();
  if (!transport) return;
  const from = config.mailFrom ?? config.adoptionEmail;
  transport.sendMail({ from, ...message }).then(
    () => getLogger().info({ event: "mail", kind, attempt }, "mail sent"),
    (error: MailError | undefined) => {
      const delay = mailRetryDelay(config.mailRetrySchedule, attempt, error);
      // Its code alone: a server's message may quote an address.
      const fields = {
        event: "mail",
        kind,
        attempt,
        code: String(error?.code ?? "unknown"),
        responseCode: error?.responseCode,
      };
      if (delay === undefined) {
        getLogger().warn(fields, "mail could not be sent");
        return;
      }
      getLogger().warn({ ...fields, retryInMs: delay }, "mail could not be sent yet; trying again later");
      // Unref'd: a pending retry never keeps a stopping server alive.
      setTimeout(() => send(kind, message, attempt + 1), delay).unref();
    },
  );
}

function transporter(): Transporter | undefined {
  if (!config.smtpUrl) return undefined;
  const url = config.smtpUrl;
  // Never nodemailer's own logger: it would print the server's dialogue, addresses included.
  return globalSlot("applicationMailer", () =>
    createTransport({ url, logger: false, debug: false, connectionTimeout: 10_000, socketTimeout: 20_000 }),
  );
}
