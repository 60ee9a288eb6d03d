import { describe, expect, it } from "vitest";
import { ISO_MAX_IDENTIFICATION, normalizeMicrochip, readMicrochip } from "./microchip";

describe("readMicrochip: ISO 11784 15-digit numbers", () => {
  it("reads a manufacturer-coded chip and a country-coded one", () => {
    expect(readMicrochip("985112003456789")).toEqual({
      ok: true,
      number: "985112003456789",
      standard: "iso11784",
      code: "985",
      codeKind: "manufacturer",
    });
    expect(readMicrochip("276098100111917")).toMatchObject({ ok: true, code: "276", codeKind: "country" });
    expect(readMicrochip("900000000000001")).toMatchObject({ ok: true, codeKind: "manufacturer" });
    expect(readMicrochip("899000000000001")).toMatchObject({ ok: true, codeKind: "country" });
  });

  it("takes the number as staff copy it from a reader or paper", () => {
    expect(normalizeMicrochip(" 985 112-003.456 789 ")).toBe("985112003456789");
    expect(readMicrochip("985 112 003 456 789")).toMatchObject({ ok: true, number: "985112003456789" });
  });

  it("refuses a first field of 000 and the test transponders' 999", () => {
    expect(readMicrochip("000112003456789")).toMatchObject({ ok: false, problem: expect.stringContaining("000") });
    expect(readMicrochip("999112003456789")).toMatchObject({ ok: false, problem: expect.stringContaining("test") });
  });

  it("refuses an identification that 38 bits cannot hold, and accepts the largest that they can", () => {
    expect(ISO_MAX_IDENTIFICATION).toBe(2 ** 38 - 1);
    expect(readMicrochip(`985${ISO_MAX_IDENTIFICATION}`)).toMatchObject({ ok: true });
    expect(readMicrochip(`985${ISO_MAX_IDENTIFICATION + 1}`)).toMatchObject({ ok: false });
    // A slip of the fourth digit (a 3 where a 1 was) makes a number no chip can send.
    expect(readMicrochip("985312003456789")).toMatchObject({ ok: false, problem: expect.stringContaining("check") });
  });
});

describe("readMicrochip: older chips", () => {
  it("keeps AVID's 9 digits and FDX-A's 10 hexadecimal characters by shape", () => {
    expect(readMicrochip("AVID*012*345*678")).toEqual({ ok: true, number: "012345678", standard: "avid9" });
    expect(readMicrochip("0a0139464c")).toEqual({ ok: true, number: "0A0139464C", standard: "fdx_a10" });
  });

  it("refuses every other shape", () => {
    for (const text of ["", "12345678", "98511200345678", "9851120034567890", "0A0139464G", "chip"]) {
      expect(readMicrochip(text).ok, text).toBe(false);
    }
  });
});
