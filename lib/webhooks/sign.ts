import "server-only";
import { createHmac } from "node:crypto";
import { keyOfSecret } from "./secret";

/** The three headers of a Standard Webhooks message. */
export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/**
 * Standard Webhooks' headers for one message: `v1,<base64 HMAC-SHA256>` over
 * `id.timestamp.body`, one signature per secret, space-separated. During a rotation's
 * overlap both the new and the previous secret sign (docs/decisions/167), so a receiver
 * holding either verifies.
 */
export function signMessage(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): SignedHeaders {
  const content = `${id}.${timestampSeconds}.${body}`;
  const signatures = secrets.map(
    (secret) => `v1,${createHmac("sha256", keyOfSecret(secret)).update(content).digest("base64")}`,
  );
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": signatures.join(" "),
  };
}
