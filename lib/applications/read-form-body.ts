import type { IncomingMessage } from "node:http";
import type { FormFields } from "./form-input";

/** Larger than any honest form: the answers' limits add up to about 5,000 characters. */
export const MAX_FORM_BYTES = 64 * 1024;

export class FormTooLargeError extends Error {
  constructor() {
    super("the form is larger than any application");
    this.name = "FormTooLargeError";
  }
}

/**
 * A page's POSTed `application/x-www-form-urlencoded` body as its fields (the first value of
 * each name). Pages Router pages get the request unread; this reads at most MAX_FORM_BYTES,
 * then throws FormTooLargeError. Any other content type reads as no fields.
 */
export async function readFormBody(request: IncomingMessage): Promise<FormFields> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new FormTooLargeError();
    chunks.push(chunk);
  }
  const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return {};
  const fields: FormFields = {};
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString("utf8"))) {
    if (name !== "__proto__" && !Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}
