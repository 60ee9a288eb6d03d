import { describe, expect, it } from "vitest";
import { InvalidCursorError, StoreUnavailableError } from "./pet-store";

describe("store errors", () => {
  it("are recognised by instanceof across copies of the module (Next bundles it more than once)", async () => {
    const copy = await import(`./pet-store?copy=${Date.now()}`);
    expect(copy.InvalidCursorError).not.toBe(InvalidCursorError);
    expect(new copy.InvalidCursorError()).toBeInstanceOf(InvalidCursorError);
    expect(new copy.StoreUnavailableError(new Error("ENOSPC"))).toBeInstanceOf(StoreUnavailableError);
  });

  it("keep the two kinds apart", () => {
    expect(new InvalidCursorError()).not.toBeInstanceOf(StoreUnavailableError);
    expect(new StoreUnavailableError(undefined)).not.toBeInstanceOf(InvalidCursorError);
    expect(new Error("x")).not.toBeInstanceOf(InvalidCursorError);
    expect(new InvalidCursorError()).toBeInstanceOf(Error);
  });
});
