import { describe, expect, it } from "vitest";
import { isTransientMailError, MAIL_RETRY_SCHEDULE_MS, mailRetryDelay } from "./mail-retry";

describe("mail retries", () => {
  it.each([
    [{ code: "EENVELOPE", responseCode: 421 }, true],
    [{ code: "EMESSAGE", responseCode: 451 }, true],
    [{ code: "ECONNECTION" }, true],
    [{ code: "ETIMEDOUT" }, true],
    [{ code: "EAUTH", responseCode: 535 }, false],
    [{ code: "EENVELOPE", responseCode: 550 }, false],
    [{ code: "EENVELOPE" }, false],
    [undefined, false],
  ])("%o may pass later: %s", (error, transient) => {
    expect(isTransientMailError(error)).toBe(transient);
  });

  it("waits a minute, five, then thirty, and gives up after the fourth attempt", () => {
    const busy = { responseCode: 421 };
    expect([1, 2, 3, 4].map((made) => mailRetryDelay(MAIL_RETRY_SCHEDULE_MS, made, busy))).toEqual([
      60_000,
      300_000,
      1_800_000,
      undefined,
    ]);
    expect(mailRetryDelay(MAIL_RETRY_SCHEDULE_MS, 1, { responseCode: 550 })).toBeUndefined();
  });
});
