import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import {
  errorsOnFields,
  issuesOnFields,
  localDay,
  localMoment,
  momentFromLocal,
  optionalText,
} from "./record-form-view";

describe("dates and times", () => {
  it("writes the reader's day and wall clock as the date fields take them", () => {
    const date = new Date(2026, 10, 8, 9, 5);
    expect(localDay(date)).toBe("2026-11-08");
    expect(localMoment(date)).toBe("2026-11-08T09:05");
  });

  it("sends a wall-clock time as the same instant in UTC, and leaves what it cannot read to the schema", () => {
    const local = localMoment(new Date(Date.UTC(2026, 10, 28, 14, 5)));
    expect(momentFromLocal(local)).toBe("2026-11-28T14:05:00Z");
    expect(momentFromLocal("")).toBe("");
    expect(momentFromLocal("yesterday-ish")).toBe("yesterday-ish");
  });
});

describe("optionalText", () => {
  it("trims, and leaves an empty field out", () => {
    const data = new FormData();
    data.set("name", "  Lakeside Vets ");
    data.set("phone", "   ");
    expect(optionalText(data, "name")).toBe("Lakeside Vets");
    expect(optionalText(data, "phone")).toBeUndefined();
    expect(optionalText(data, "absent")).toBeUndefined();
  });
});

describe("errorsOnFields", () => {
  const fields = { "microchip.number": "number", reason: "reason" };

  it("puts each detail beside the control it names, in the server's words", () => {
    const refusal = new ApiError(400, "invalid_body", "Bad", [
      { field: "microchip.number", message: "must be 15 digits" },
      { field: "reason", message: "must not be empty" },
    ]);
    expect(errorsOnFields(refusal, fields, "save")).toEqual({
      number: "Must be 15 digits",
      reason: "Must not be empty",
    });
  });

  it("says a refusal without details, or for a field the form has not, above the buttons", () => {
    const conflict = new ApiError(409, "conflict", "The outcome is dated before the stay's intake.");
    expect(errorsOnFields(conflict, fields, "record the outcome")).toEqual({
      form: "Could not record the outcome: The outcome is dated before the stay's intake.",
    });
    const other = new ApiError(400, "invalid_body", "Bad", [
      { field: "orderId", message: "belongs to an adoption only" },
    ]);
    expect(errorsOnFields(other, fields, "save").form).toBe("Could not save: orderId belongs to an adoption only");
    expect(errorsOnFields(new TypeError("Failed to fetch"), fields, "save").form).toBe(
      "Could not save: TypeError: Failed to fetch",
    );
  });

  it("maps the client's own zod issues the same way", () => {
    expect(issuesOnFields([{ path: ["microchip", "number"], message: "must be 15 digits" }], fields, "save")).toEqual({
      number: "Must be 15 digits",
    });
  });
});
