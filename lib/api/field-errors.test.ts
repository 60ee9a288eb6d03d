import { describe, expect, it } from "vitest";
import * as z from "zod";
import { NewPet } from "@/lib/pets/schemas";
import { describeFieldErrors, fieldErrorsOf } from "./field-errors";

const detailsFor = (input: unknown) => {
  const result = NewPet.safeParse(input, { reportInput: true });
  if (result.success) throw new Error("expected invalid input");
  return fieldErrorsOf(result.error);
};

describe("fieldErrorsOf", () => {
  it("names missing required fields", () => {
    expect(detailsFor({})).toEqual([
      { field: "name", message: "is required" },
      { field: "categoryId", message: "is required" },
    ]);
  });

  it("gives one reason per field, the first", () => {
    expect(detailsFor({ name: "Rex", categoryId: 2 ** 60 })).toEqual([
      { field: "categoryId", message: "must be an integer" },
    ]);
  });

  it("explains that ids are assigned by the service and names unknown fields", () => {
    expect(detailsFor(JSON.parse('{"name":"Rex","categoryId":1,"id":7,"__proto__":{}}'))).toEqual([
      { field: "id", message: "is assigned by the service and must not be sent" },
      { field: "__proto__", message: "is not a known field" },
    ]);
  });

  it("names a nested field by its path", () => {
    const Nested = z.strictObject({
      answers: z.strictObject({ email: z.email(), adults: z.number(), ages: z.array(z.number()) }),
    });
    const result = Nested.safeParse({ answers: { email: "x", ages: [4, "x"] } }, { reportInput: true });
    expect(result.success || fieldErrorsOf(result.error)).toEqual([
      { field: "answers.email", message: expect.any(String) },
      { field: "answers.adults", message: "is required" },
      { field: "answers.ages", message: expect.any(String) }, // the list, not its member ages.1
    ]);
  });

  it("reports a body that is not an object against the body itself", () => {
    expect(detailsFor([])).toEqual([{ field: "", message: "must be a JSON object" }]);
  });

  it("reads as a sentence", () => {
    expect(describeFieldErrors(detailsFor({ name: " ", categoryId: "1" }))).toBe(
      "name must not be empty; categoryId must be an integer",
    );
  });
});
