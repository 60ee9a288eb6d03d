import { describe, expect, it } from "vitest";
import { parseIdempotencyKey } from "./idempotency-key";

const withKey = (value: string) =>
  new Request("http://x/v1/pets", { method: "POST", headers: { "Idempotency-Key": value } });

describe("parseIdempotencyKey", () => {
  it("reads the quoted sf-string form and the bare form", () => {
    expect(parseIdempotencyKey(withKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"'))).toBe(
      "8e03978e-40d5-43e8-bc93-6894a57f9324",
    );
    expect(parseIdempotencyKey(withKey("retry-42"))).toBe("retry-42");
    expect(parseIdempotencyKey(new Request("http://x/v1/pets", { method: "POST" }))).toBeUndefined();
  });

  it.each([
    ['""', "must not be empty"],
    [`"${"a".repeat(256)}"`, "at most 255 characters"],
    ['"a", "b"', "must be sent once"],
    ['"unterminated', "quoted string"],
    ["two words", "quoted string"],
    ['"tab\there"', "quoted string"],
  ])("refuses %j with a 400 saying why", (value, reason) => {
    let error: unknown;
    try {
      parseIdempotencyKey(withKey(value));
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ status: 400, code: "invalid_idempotency_key" });
    expect((error as Error).message).toContain(reason);
  });
});
