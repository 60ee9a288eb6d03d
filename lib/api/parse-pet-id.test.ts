import { describe, expect, it } from "vitest";
import { parsePetId } from "./parse-pet-id";

describe("parsePetId", () => {
  it("reads positive decimal integers", () => {
    expect(parsePetId("1")).toBe(1);
    expect(parsePetId("9007199254740991")).toBe(9007199254740991);
  });

  it("answers undefined (404) for well-formed ids no pet can have", () => {
    expect(parsePetId("9007199254740992")).toBeUndefined();
    expect(parsePetId("99999999999999999999")).toBeUndefined();
  });

  it.each(["0", "-1", "abc", "1.5", "01", "1e3", "", " 1", "+1"])("refuses %j with 400 invalid_pet_id", (text) => {
    expect(() => parsePetId(text)).toThrow(expect.objectContaining({ status: 400, code: "invalid_pet_id" }));
  });
});
