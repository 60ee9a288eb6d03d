import { describe, expect, it } from "vitest";
import type { ApplicationAnswers } from "./schemas";
import { countLinks, readFormStamp, signFormStamp, suspectReasons, type SpamSignals } from "./spam-checks";

const KEY = Buffer.alloc(32, 7);
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

const answers: ApplicationAnswers = {
  name: "Ada Lovelace",
  email: "ada@example.org",
  adults: 2,
  childrenAges: [],
  otherAnimals: "",
  homeType: "house",
  tenure: "own",
  garden: "private",
  hoursAlone: 3,
  experience: "Two cats, twelve years.",
  whyThisAnimal: "Calm, and likes long walks; see https://example.org/rex for the video we took.",
  consentToContact: true,
};

const signals = (overrides: Partial<SpamSignals> = {}): SpamSignals => ({
  answers,
  honeypot: "",
  formStamp: signFormStamp(KEY, NOW - 60_000),
  key: KEY,
  nowMs: NOW,
  ...overrides,
});

describe("the form stamp", () => {
  it("reads back the time it was signed with, under the same key only", () => {
    expect(readFormStamp(KEY, signFormStamp(KEY, NOW))).toBe(NOW);
    expect(readFormStamp(Buffer.alloc(32, 8), signFormStamp(KEY, NOW))).toBeUndefined();
  });

  it("refuses a stamp whose time was changed, or that is not a stamp at all", () => {
    const [, mac] = signFormStamp(KEY, NOW).split(".");
    expect(readFormStamp(KEY, `${NOW - 86_400_000}.${mac}`)).toBeUndefined();
    for (const stamp of ["", "12345", "abc.def", `${NOW}.${"0".repeat(64)}`, `${NOW}.${mac}x`]) {
      expect(readFormStamp(KEY, stamp)).toBeUndefined();
    }
  });
});

describe("suspectReasons", () => {
  it("doubts nothing in a person's application (one link in the text is fine)", () => {
    expect(suspectReasons(signals())).toEqual([]);
  });

  it("flags a filled honeypot, even with whitespace around it", () => {
    expect(suspectReasons(signals({ honeypot: " http://spam.example " }))).toEqual(["honeypot_filled"]);
    expect(suspectReasons(signals({ honeypot: "   " }))).toEqual([]);
  });

  it("flags a form sent within 3 s of loading, one older than a day, and one not signed by us", () => {
    expect(suspectReasons(signals({ formStamp: signFormStamp(KEY, NOW - 2_999) }))).toEqual(["submitted_too_fast"]);
    expect(suspectReasons(signals({ formStamp: signFormStamp(KEY, NOW - 3_000) }))).toEqual([]);
    expect(suspectReasons(signals({ formStamp: signFormStamp(KEY, NOW - 86_400_001) }))).toEqual(["form_expired"]);
    expect(suspectReasons(signals({ formStamp: "" }))).toEqual(["form_signature_invalid"]);
    expect(suspectReasons(signals({ formStamp: signFormStamp(Buffer.alloc(32, 1), NOW - 60_000) }))).toEqual([
      "form_signature_invalid",
    ]);
  });

  it("flags a link in the name, and more than two links across the free text", () => {
    expect(suspectReasons(signals({ answers: { ...answers, name: "Cheap pills www.pills.example" } }))).toEqual([
      "link_in_name",
    ]);
    const threeLinks = { ...answers, otherAnimals: "http://a.example", experience: "<a href=x>b</a> [url]c[/url]" };
    expect(suspectReasons(signals({ answers: threeLinks }))).toEqual(["too_many_links"]);
  });

  it("flags the same answer pasted into every text field, and lists every reason at once", () => {
    const pasted = { ...answers, name: "Test", otherAnimals: "test", experience: " TEST ", whyThisAnimal: "test" };
    expect(suspectReasons(signals({ answers: pasted }))).toEqual(["repeated_answers"]);
    expect(suspectReasons(signals({ answers: pasted, honeypot: "x", formStamp: "x" }))).toEqual([
      "honeypot_filled",
      "form_signature_invalid",
      "repeated_answers",
    ]);
  });

  it("counts links of every common spelling", () => {
    expect(countLinks("see HTTPS://x.example and www.y.example. or <a href=z>")).toBe(3);
    expect(countLinks("I walked 3.5 km; my e-mail is ada@example.org")).toBe(0);
  });
});
