import { expect, it } from "vitest";
import { describeStartFailure } from "./start-failure";

it("describes any failure in one line, without a stack trace", () => {
  const error = new Error("LOCK is held by process 7\n  remove it only if that process is gone");
  expect(describeStartFailure(error)).toBe(
    "Pet Store cannot start: LOCK is held by process 7 remove it only if that process is gone",
  );
  expect(describeStartFailure("plain text")).toBe("Pet Store cannot start: plain text");
});
