import { describe, expect, it } from "vitest";
import {
  NoOpenStayError,
  OutcomeBeforeIntakeError,
  PlacementOverlapError,
  RECORD_REFUSALS,
  ReasonRequiredError,
  SecondOpenStayError,
} from "./record-errors";
import { declaredRefusal as recordRefusal } from "@/lib/api/to-api-error";

describe("the record's refusals over HTTP", () => {
  it("answers every refusal with a 4xx Error body in the domain's words", () => {
    for (const Refusal of RECORD_REFUSALS) {
      const refusal = new (Refusal as new (arg: never) => Error)("the test's words" as never);
      const answer = recordRefusal(refusal);
      expect(answer?.status, Refusal.name).toBeGreaterThanOrEqual(400);
      expect(answer?.status, Refusal.name).toBeLessThan(500);
      expect(answer?.message).toBe(refusal.message);
    }
  });

  it("gives conflicts with the record 409 and refused values 422", () => {
    expect(recordRefusal(new SecondOpenStayError(3))).toMatchObject({ status: 409, code: "record_conflict" });
    expect(recordRefusal(new NoOpenStayError())).toMatchObject({ status: 409, code: "record_conflict" });
    expect(recordRefusal(new PlacementOverlapError(5))).toMatchObject({ status: 409, code: "record_conflict" });
    expect(recordRefusal(new OutcomeBeforeIntakeError())).toMatchObject({ status: 422, code: "invalid_record" });
    expect(recordRefusal(new ReasonRequiredError("a day"))).toMatchObject({ status: 400, code: "invalid_body" });
    expect(recordRefusal(new Error("ENOSPC"))).toBeUndefined();
  });
});
