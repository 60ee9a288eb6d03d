import { describe, expect, it, vi } from "vitest";
import { InvalidCursorError, StoreUnavailableError } from "./store-errors";

describe("store errors", () => {
  it("are recognised by instanceof across copies of the module (Next bundles it more than once)", async () => {
    vi.resetModules(); // the next import evaluates the module afresh: a second copy
    const copy = await import("./store-errors");
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
