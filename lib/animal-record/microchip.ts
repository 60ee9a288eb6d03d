/*
 * Microchip numbers, checked as far as they honestly can be (docs/decisions/250).
 *
 * An ISO 11784/11785 chip sends a 64-bit code whose radio frame carries a CRC; the 15 digits
 * a reader shows are that code's country or manufacturer field (10 bits, 3 digits) and its
 * identification field (38 bits, 12 digits), with no check digit of their own. So a typo
 * cannot be caught by arithmetic; what can be refused is a number no chip could send:
 * a first field of 000 (no country), 999 (test transponders, never implanted), or an
 * identification above 2^38 - 1 = 274,877,906,943.
 * Older 125 kHz chips still found in North America are kept as read, by their shape only:
 * 9 digits (AVID's encrypted chips) or 10 hexadecimal characters (FDX-A).
 */

export type MicrochipStandard = "iso11784" | "avid9" | "fdx_a10";

export type MicrochipReading =
  | { ok: true; number: string; standard: "iso11784"; code: string; codeKind: "country" | "manufacturer" }
  | { ok: true; number: string; standard: "avid9" | "fdx_a10" }
  | { ok: false; problem: string };

/** 2^38 - 1: the largest identification code ISO 11784's 38 bits hold. */
export const ISO_MAX_IDENTIFICATION = 274_877_906_943;

/** What staff copy from a reader or a paper: spaces, dots, dashes and AVID's `AVID*…*…` dressing go. */
export function normalizeMicrochip(text: string): string {
  return text
    .trim()
    .toUpperCase()
    .replace(/^AVID\*?/, "")
    .replace(/[\s.*-]/g, "");
}

export function readMicrochip(text: string): MicrochipReading {
  const number = normalizeMicrochip(text);
  if (/^\d{15}$/.test(number)) return readIso(number);
  if (/^\d{9}$/.test(number)) return { ok: true, number, standard: "avid9" };
  if (/^[0-9A-F]{10}$/.test(number)) return { ok: true, number, standard: "fdx_a10" };
  return {
    ok: false,
    problem:
      "must be a microchip number: 15 digits (ISO 11784), or an older chip's 9 digits or 10 hexadecimal characters",
  };
}

function readIso(number: string): MicrochipReading {
  const code = number.slice(0, 3);
  const identification = Number(number.slice(3));
  if (code === "000") return { ok: false, problem: "must not begin with 000: no country or manufacturer has it" };
  if (code === "999")
    return { ok: false, problem: "begins with 999, the code of test transponders, which are never implanted" };
  if (identification > ISO_MAX_IDENTIFICATION) {
    return {
      ok: false,
      problem: `has an identification (its last 12 digits) above ${ISO_MAX_IDENTIFICATION}, which no ISO 11784 chip can hold: check the digits`,
    };
  }
  // 001–899 are ISO 3166 numeric country codes; 900–998 are manufacturers' codes (ICAR).
  return { ok: true, number, standard: "iso11784", code, codeKind: Number(code) >= 900 ? "manufacturer" : "country" };
}
