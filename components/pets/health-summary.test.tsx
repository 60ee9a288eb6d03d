import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HealthSummary } from "./health-summary";

const render = (summary: Parameters<typeof HealthSummary>[0]["summary"]) =>
  renderToStaticMarkup(<HealthSummary name="Rex" summary={summary} />);

/** Each term with its answer, as a screen reader pairs them. */
const pairs = (html: string) =>
  [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]);

describe("HealthSummary", () => {
  it("answers the three questions in a description list under its own heading", () => {
    const html = render({ vaccinated: "yes", neutered: "no", microchipped: "unknown" });
    expect(html).toMatch(
      /^<section aria-labelledby="health-heading"[^>]*><h2 id="health-heading"[^>]*>Health<\/h2><dl/,
    );
    expect(pairs(html)).toEqual([
      ["Vaccinated", "Yes"],
      ["Spayed or neutered", "No"],
      ["Microchipped", "Unknown"],
    ]);
  });

  it("says unknown in words for an animal the record says nothing of", () => {
    const html = render({ vaccinated: "unknown", neutered: "unknown", microchipped: "unknown" });
    expect(pairs(html).map(([, answer]) => answer)).toEqual(["Unknown", "Unknown", "Unknown"]);
    expect(html).toContain("unknown means it does not say yet");
  });

  it("names the animal, kept apart from the sentence around it", () => {
    expect(render({ vaccinated: "yes", neutered: "yes", microchipped: "yes" })).toContain("<bdi>Rex</bdi>");
  });
});
