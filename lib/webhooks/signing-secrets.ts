import type { EndpointRecord } from "./webhook-store";

/** The secrets that sign a message sent at `now`: the current one, and the previous one while its overlap lasts. */
export function signingSecrets(
  endpoint: Pick<EndpointRecord, "secret" | "previousSecret" | "previousSecretExpiresAt">,
  now: Date,
): string[] {
  const { secret, previousSecret, previousSecretExpiresAt } = endpoint;
  if (previousSecret && previousSecretExpiresAt && Date.parse(previousSecretExpiresAt) > now.getTime()) {
    return [secret, previousSecret];
  }
  return [secret];
}
