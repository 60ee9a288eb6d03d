import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { figuresDocument } from "@/lib/stats/figures-json";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "@/lib/stats/known-answer-year";
import { periodOf } from "@/lib/stats/period";
import { periodStatistics } from "@/lib/stats/period-statistics";
import { LengthOfStay } from "./length-of-stay";
import { LiveReleaseRate } from "./live-release-rate";
import { MatrixTable } from "./matrix-table";
import { TrendChart } from "./trend-chart";
import { TrendTable } from "./trend-table";

const figures = figuresDocument(
  periodStatistics(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, periodOf("2025"), KNOWN_ANSWER_TIME_ZONE),
);
const drill = (key: string) => `/staff/stats?cell=${encodeURIComponent(key)}`;

describe("the statistics' components", () => {
  it("draw the matrix with a caption, column and row headers, and no links unless asked", () => {
    const html = renderToStaticMarkup(
      <MatrixTable table={figures.matrix.tables[0]!} periodWords="2025" id="matrix-all" />,
    );
    expect(html).toContain('role="region" aria-labelledby="matrix-all-caption" tabindex="0"');
    expect(html).toContain('<caption id="matrix-all-caption"');
    expect(html).toMatch(/Basic Data Matrix, All species: 2025<\/caption>/);
    expect(html.match(/<th scope="col"/g)).toHaveLength(5);
    expect(html.match(/<th scope="rowgroup"/g)).toHaveLength(5);
    expect(html).toMatch(/<th scope="row"[^>]*>Stray\/At Large<\/th>/);
    expect(html).not.toContain("<a ");
  });

  it("link each number to its drill-down when given an address for its figure key", () => {
    const html = renderToStaticMarkup(
      <>
        <MatrixTable table={figures.matrix.tables[1]!} periodWords="2025" id="m" cellHref={drill} />
        <LiveReleaseRate figures={figures.liveReleaseRate} id="lrr" cellHref={drill} />
        <TrendTable points={figures.trend} id="t" cellHref={drill} />
      </>,
    );
    expect(html).toContain(`href="${drill("intake/stray_at_large/canine/up_to_5_months").replaceAll("&", "&amp;")}"`);
    expect(html).toContain(`href="${drill("live_release_rate/counted/all")}"`);
    expect(html).toContain(`href="${drill("trend/2025-03/outcomes")}"`);
  });

  it("give a withheld rate or length of stay as counts with the reason, never a percentage", () => {
    // The known-answer year counts 12 outcomes in all, fewer than 10 for each species.
    const html = renderToStaticMarkup(
      <>
        <LiveReleaseRate figures={figures.liveReleaseRate} id="lrr" />
        <LengthOfStay figures={figures.lengthOfStay} id="los" />
      </>,
    );
    expect(html).toContain("live outcomes ÷ (all outcomes − owner-intended euthanasia)");
    expect(html).toContain("Not given: fewer than 10 outcomes counted, shown as counts only");
    expect(html).toContain("Not given: fewer than 10 animals that left, shown as counts only");
    expect(html.match(/\d%/g)).toEqual(["0%"]); // 75.0%, all species' only
    expect(html).toContain(">75.0%<");
  });

  it("draw the trend as an image named by its title, its numbers in its description", () => {
    const html = renderToStaticMarkup(<TrendChart points={figures.trend} id="trend" />);
    expect(html).toMatch(/^<svg[^>]* role="img" aria-labelledby="trend-title" aria-describedby="trend-desc"/);
    expect(html).toContain(
      '<title id="trend-title">Intakes and outcomes per month, January 2025 to December 2025</title>',
    );
    expect(html).toMatch(/<desc id="trend-desc">Intakes and outcomes each month, [^<]*January 2025 \d+/);
    expect(html).toContain('stroke-dasharray="7 4"');
    expect(html.match(/<circle /g)).toHaveLength(12);
    expect(html.match(/<rect /g)).toHaveLength(12);
  });
});
