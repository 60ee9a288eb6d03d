import { describe, expect, it } from "vitest";
import { NewPet } from "@/lib/pets/schemas";
import { fieldErrorsOf } from "@/lib/api/field-errors";
import { errorsFromProblems, toNewPetInput } from "./new-pet-errors";

function validate(form: { name: string; categoryId: string; status: string }) {
  // The same call the form makes.
  const result = NewPet.safeParse(toNewPetInput(form), { reportInput: true });
  return result.success ? result.data : errorsFromProblems(fieldErrorsOf(result.error));
}

describe("new pet form checks (the shared NewPet schema)", () => {
  it("accepts a valid pet and leaves status out when not chosen", () => {
    expect(validate({ name: " Rex ", categoryId: "3", status: "" })).toEqual({ name: "Rex", categoryId: 3 });
    expect(validate({ name: "Mia", categoryId: "1", status: "pending" })).toEqual({
      name: "Mia",
      categoryId: 1,
      status: "pending",
    });
  });

  it("puts each problem at its field, with the field's label", () => {
    expect(validate({ name: "  ", categoryId: "", status: "" })).toEqual({
      name: "Name must not be empty",
      categoryId: "Category is required",
    });
  });

  it("does not coerce numbers that are not plain digits", () => {
    expect(validate({ name: "Rex", categoryId: "1e3", status: "" })).toEqual({
      categoryId: "Category must be an integer",
    });
    expect(validate({ name: "Rex", categoryId: "0", status: "" })).toEqual({
      categoryId: "Category must be at least 1",
    });
  });

  it("maps the API's 400 details, keeping body-level problems for the form", () => {
    expect(
      errorsFromProblems([
        { field: "name", message: "must not be empty" },
        { field: "name", message: "second complaint" },
        { field: "", message: "must be a JSON object" },
      ]),
    ).toEqual({ name: "Name must not be empty", form: "must be a JSON object" });
  });
});
