import { describe, expect, it } from "vitest";
import { figureWords, isFigureKey } from "./figure-words";

describe("a figure key in words, for the drill-down's heading", () => {
  it("names matrix cells, totals, the rate's parts, a length of stay and a trend point", () => {
    expect(figureWords("outcome/adoption/canine/adult")).toBe("Outcomes: Adoption · Dogs · adult");
    expect(figureWords("intake/transferred_in.out_of_state/*/*")).toBe(
      "Intakes: Transferred in from Agency: out of state · All species",
    );
    expect(figureWords("intake/*/feline/up_to_5_months")).toBe("Intakes: all types · Cats · under 5 months");
    expect(figureWords("outcome/live/*/*")).toBe("Outcomes: live outcomes · All species");
    expect(figureWords("ending/in_foster/unmapped/*")).toBe("Ending count: in foster · Species not yet set");
    expect(figureWords("live_release_rate/live/all")).toBe("Live release rate, live outcomes · All species");
    expect(figureWords("length_of_stay/rabbit")).toBe("Length of stay: animals that left · Rabbits");
    expect(figureWords("trend/2025-09/outcomes")).toBe("Outcomes in September 2025");
  });

  it("tells a figure key from anything else", () => {
    expect(isFigureKey("trend/2025-09/intakes")).toBe(true);
    expect(isFigureKey("intake/dragons/*/*")).toBe(false);
    expect(isFigureKey(null)).toBe(false);
  });
});
