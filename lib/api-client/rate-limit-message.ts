/**
 * A 429 in words staff can act on: which limit, and when it ends. The API's own message
 * speaks of "failed authentications"; the console says what that means for the person
 * reading it. Reads `Retry-After` (seconds) and the policy name in `RateLimit`
 * (`"failed-auth";r=0;t=42`, docs/decisions/091); undefined when neither is there.
 */
export function rateLimitMessage(headers: Headers, now = new Date()): string | undefined {
  const seconds = retryAfterSeconds(headers);
  const policy = /^"([^"]+)"/.exec(headers.get("RateLimit") ?? "")?.[1];
  if (seconds === undefined && policy === undefined) return undefined;
  const when = seconds === undefined ? "Try again in a minute." : `Try again in ${describeWait(seconds, now)}.`;
  if (policy === "failed-auth") {
    return (
      "Too many failed sign-ins came from this address (wrong or revoked keys), so the API refuses every " +
      `request from it for a while, even with a good key. Nothing was changed. ${when}`
    );
  }
  return `This key made more requests than the API allows in a short time. Nothing was changed. ${when}`;
}

function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get("Retry-After")?.trim() ?? "";
  return /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

/** "42 s (at 07:12:30)": the count for now, the clock time for after a look away. */
function describeWait(seconds: number, now: Date): string {
  const at = new Date(now.getTime() + seconds * 1000);
  const clock = at.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return `${seconds} s (at ${clock})`;
}
