import { expect, it } from "vitest";
import { ApiError } from "./api-error";

it("captures no stack frames (it is an answer, not a fault) and leaves other errors theirs", () => {
  const error = new ApiError(404, "not_found", "No pet with id 7.");
  expect(error.stack ?? "").not.toMatch(/\n\s+at /);
  expect(error).toBeInstanceOf(Error);
  expect(error.toBody()).toEqual({ code: "not_found", message: "No pet with id 7.", status: 404 });
  expect(new Error("a fault").stack).toMatch(/\n\s+at /);
});
