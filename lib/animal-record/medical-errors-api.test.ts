import { describe, expect, it } from "vitest";
import {
  DueBeforeGivenError,
  EntryDoesNotFitItemError,
  ReasonRequiredError,
  UnknownTreatmentError,
} from "./record-errors";
import { toApiError } from "@/lib/api/to-api-error";

const answerTo = (error: Error) => toApiError(error, "req_test").toBody();

describe("the medical record's refusals, as the HTTP layer answers them", () => {
  it("answer a body naming what the list lacks or what does not fit with 422, in the domain's words", () => {
    expect(answerTo(new UnknownTreatmentError(9))).toEqual({
      status: 422,
      code: "unknown_item",
      message: "The shelter's list has no item 9.",
      details: [{ field: "itemId", message: "names no item of the list" }],
    });
    expect(answerTo(new EntryDoesNotFitItemError("FeLV/FIV test is a test: record its result."))).toEqual({
      status: 422,
      code: "entry_does_not_fit_item",
      message: "FeLV/FIV test is a test: record its result.",
    });
  });

  it("answer a due day before the given day and a missing reason with 400 naming the field, as the schemas do", () => {
    expect(answerTo(new DueBeforeGivenError())).toMatchObject({
      status: 400,
      code: "invalid_body",
      details: [{ field: "nextDue", message: "must be after givenOn" }],
    });
    expect(answerTo(new ReasonRequiredError("the recorded microchip"))).toEqual({
      status: 400,
      code: "invalid_body",
      message: "Correcting the recorded microchip needs a reason.",
      details: [{ field: "reason", message: "is required for this change" }],
    });
  });
});
