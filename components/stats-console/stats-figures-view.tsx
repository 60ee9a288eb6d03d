"use client";

import { useRouter } from "next/navigation";
import type { MouseEvent } from "react";
import type { StatsFigures } from "@/lib/api-client/stats-api";
import { LengthOfStay } from "@/components/stats/length-of-stay";
import { LiveReleaseRate } from "@/components/stats/live-release-rate";
import { MatrixTable } from "@/components/stats/matrix-table";
import { SPECIES_WORDS } from "@/components/stats/stats-words";
import { TrendChart } from "@/components/stats/trend-chart";
import { TrendTable } from "@/components/stats/trend-table";
import { membersHref, periodWords, type StatsSpecies } from "./stats-view";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";
const heading = "text-2xl font-bold tracking-tight";

/** A plain click, which the page may handle itself; one with a modifier opens a tab as the browser would. */
const isPlainClick = (event: MouseEvent) =>
  !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) && event.button === 0;

/**
 * Every figure of one period: the matrix of the species chosen, the live release rate, length
 * of stay and the trend, drawn by the shared components (components/stats/), each count but
 * a zero linked to the animals behind it.
 */
export function StatsFiguresView({
  figures,
  species,
  speciesHref,
  onSpecies,
}: {
  figures: StatsFigures;
  species: StatsSpecies;
  speciesHref: (species: StatsSpecies) => string;
  onSpecies: (species: StatsSpecies) => void;
}) {
  const router = useRouter();
  const period = figures.matrix.period.id;
  const tables = figures.matrix.tables;
  const table = tables.find((each) => each.species === species) ?? tables[0];
  const words = periodWords(period);
  const cellHref = (figureKey: string, count: number) => (count > 0 ? membersHref(period, figureKey) : undefined);
  // The shared components link with plain anchors (the public page has no client router): a
  // drill-down opened here stays in the console's page, its sign-in and cache kept.
  const followInside = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (event.defaultPrevented || !href?.startsWith("/staff/stats/members?") || !isPlainClick(event)) return;
    event.preventDefault();
    router.push(href);
  };

  return (
    // The handler only takes over clicks on links, which keep their own keyboard behaviour.
    <div className="min-w-0 space-y-12" onClick={followInside}>
      <section aria-labelledby="matrix-heading" className="min-w-0 space-y-4">
        <h2 id="matrix-heading" className={heading}>
          Basic Data Matrix, {words}
        </h2>
        <p className="text-stone-700 dark:text-stone-300">
          {figures.matrix.period.first} to {figures.matrix.period.last}, days in the shelter&apos;s time zone (
          {figures.matrix.timeZone}). Each number leads to the animals it counts.
        </p>
        <nav aria-label="Species" className="flex flex-wrap gap-x-2 gap-y-2">
          {tables.map((each) => (
            <a
              key={each.species}
              href={speciesHref(each.species)}
              aria-current={each === table ? "page" : undefined}
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                onSpecies(each.species);
              }}
              className={
                each === table
                  ? "rounded-full bg-teal-800 px-3 py-1 font-semibold text-white dark:bg-teal-300 dark:text-stone-950"
                  : `${linkStyle} px-3 py-1`
              }
            >
              {SPECIES_WORDS[each.species]}
            </a>
          ))}
        </nav>
        {table ? <MatrixTable table={table} periodWords={words} id="matrix" cellHref={cellHref} /> : null}
      </section>

      <section aria-labelledby="lrr-heading" className="min-w-0 space-y-4">
        <h2 id="lrr-heading" className={heading}>
          Live release rate
        </h2>
        <LiveReleaseRate figures={figures.liveReleaseRate} id="lrr" cellHref={cellHref} />
      </section>

      <section aria-labelledby="los-heading" className="min-w-0 space-y-4">
        <h2 id="los-heading" className={heading}>
          Length of stay
        </h2>
        <LengthOfStay figures={figures.lengthOfStay} id="los" cellHref={cellHref} />
      </section>

      <section aria-labelledby="trend-heading" className="min-w-0 space-y-4">
        <h2 id="trend-heading" className={heading}>
          Trend, month by month
        </h2>
        {/* One month's point makes no line: a month's trend is its table. */}
        {figures.trend.length > 1 ? <TrendChart points={figures.trend} id="trend" /> : null}
        <TrendTable points={figures.trend} id="trend-table" cellHref={cellHref} />
      </section>
    </div>
  );
}
