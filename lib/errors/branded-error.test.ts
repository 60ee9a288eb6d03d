import { describe, expect, it } from "vitest";
import { fixedError, namedError } from "./branded-error";

describe("named and fixed errors", () => {
  it("are recognised by brand, as a second bundle's copy of the class would be", () => {
    class Refused extends fixedError("TestRefusedError", "No.") {}
    // Next bundles a module once per route: the same declaration made twice is two classes.
    class RefusedElsewhere extends fixedError("TestRefusedError", "No.") {}
    class Other extends fixedError("TestOtherError", "No.") {}

    expect(new RefusedElsewhere()).toBeInstanceOf(Refused);
    expect(new Other()).not.toBeInstanceOf(Refused);
    expect(new Refused()).toBeInstanceOf(Error);
  });

  it("carry their name and message, the fixed one worded where it is declared", () => {
    class Busy extends namedError("TestBusyError") {}
    class Refused extends fixedError("TestRefusedError", "This is refused.") {}

    expect(new Busy("Try again in a second.")).toMatchObject({
      name: "TestBusyError",
      message: "Try again in a second.",
    });
    expect(new Refused()).toMatchObject({ name: "TestRefusedError", message: "This is refused." });
  });
});
