"use client";

import type { StatsFigures } from "@/lib/api-client/stats-api";
import { FigureLink } from "./figure-link";
import { speciesWords } from "./figure-words";
import { ConsoleMatrix } from "./console-matrix";
import { figureKeys, percentWords } from "./figure-keys";
import { periodWords, type StatsSpecies } from "./stats-view";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";
const tableFrame =
  "overflow-x-auto rounded-2xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900";
const cell = "px-3 py-2";

/** Every figure of one period: the matrix by species, the live release rate, length of stay, the trend. */
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
  const period = figures.matrix.period.id;
  const tables = figures.matrix.tables;
  const table = tables.find((each) => each.species === species) ?? tables[0];
  const words = periodWords(period);
  return (
    <>
      <section aria-labelledby="matrix-heading" className="grid min-w-0 gap-4">
        <h2 id="matrix-heading" className="text-2xl font-bold tracking-tight">
          Basic Data Matrix, {words}
        </h2>
        <p className="text-stone-700 dark:text-stone-300">
          {figures.matrix.period.first} to {figures.matrix.period.last}, days in the shelter&apos;s time zone (
          {figures.matrix.timeZone}). Each number leads to the animals it counts.
        </p>
        <nav aria-label="Species" className="flex flex-wrap gap-x-5 gap-y-2">
          {tables.map((each) => (
            <a
              key={each.species}
              href={speciesHref(each.species)}
              aria-current={each === table ? "page" : undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                onSpecies(each.species);
              }}
              className={
                each === table
                  ? "rounded-full bg-teal-800 px-3 py-1 font-semibold text-white dark:bg-teal-300 dark:text-stone-950"
                  : `${linkStyle} px-3 py-1`
              }
            >
              {speciesWords(each.species)}
            </a>
          ))}
        </nav>
        {table ? <ConsoleMatrix period={period} table={table} /> : null}
      </section>

      <LiveReleaseRates period={period} rates={figures.liveReleaseRate} />
      <LengthsOfStay period={period} lengths={figures.lengthOfStay} />
      <Trend period={period} trend={figures.trend} />
    </>
  );
}

function Withheld({ reason }: { reason?: { message: string } }) {
  return reason ? <span className="text-stone-700 dark:text-stone-300">Not given: {reason.message}</span> : null;
}

function LiveReleaseRates({ period, rates }: { period: string; rates: StatsFigures["liveReleaseRate"] }) {
  return (
    <section aria-labelledby="lrr-heading" className="grid min-w-0 gap-4">
      <h2 id="lrr-heading" className="text-2xl font-bold tracking-tight">
        Live release rate
      </h2>
      <p>
        <strong>Live release rate = {rates.formula}</strong>. A rate of fewer than {rates.minimum} outcomes counted is
        not given: its counts are.
      </p>
      <div className={tableFrame}>
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">Live release rate by species, with the counts it is computed from</caption>
          <thead className="border-b border-stone-200 text-sm dark:border-stone-800">
            <tr>
              <th scope="col" className={cell}>
                Species
              </th>
              <th scope="col" className={cell}>
                Live outcomes
              </th>
              <th scope="col" className={cell}>
                All outcomes
              </th>
              <th scope="col" className={cell}>
                Owner-intended euthanasia
              </th>
              <th scope="col" className={cell}>
                Outcomes counted
              </th>
              <th scope="col" className={cell}>
                Rate
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200 dark:divide-stone-800">
            {rates.figures.map((rate) => {
              const keys = figureKeys.liveReleaseRate(rate.species);
              return (
                <tr key={rate.species}>
                  <th scope="row" className={cell}>
                    {speciesWords(rate.species)}
                  </th>
                  <td className={cell}>
                    <FigureLink period={period} cell={keys.live} count={rate.live} />
                  </td>
                  <td className={cell}>
                    <FigureLink period={period} cell={keys.allOutcomes} count={rate.allOutcomes} />
                  </td>
                  <td className={cell}>
                    <FigureLink period={period} cell={keys.ownerIntended} count={rate.ownerIntendedEuthanasia} />
                  </td>
                  <td className={cell}>
                    <FigureLink period={period} cell={keys.counted} count={rate.counted} />
                  </td>
                  <td className={cell}>
                    {rate.rate === null ? <Withheld reason={rate.withheld} /> : percentWords(rate.rate)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const daysWords = (days: number | null) => (days === null ? "—" : `${days} days`);

function LengthsOfStay({ period, lengths }: { period: string; lengths: StatsFigures["lengthOfStay"] }) {
  return (
    <section aria-labelledby="los-heading" className="grid min-w-0 gap-4">
      <h2 id="los-heading" className="text-2xl font-bold tracking-tight">
        Length of stay
      </h2>
      <p>
        Days from intake to outcome, time in foster included, of the animals that left in the period. A median or
        percentile of fewer than {lengths.minimum} stays is not given: the count is.
      </p>
      <div className={tableFrame}>
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">Length of stay by species: median and 90th percentile</caption>
          <thead className="border-b border-stone-200 text-sm dark:border-stone-800">
            <tr>
              <th scope="col" className={cell}>
                Species
              </th>
              <th scope="col" className={cell}>
                Animals that left
              </th>
              <th scope="col" className={cell}>
                Median
              </th>
              <th scope="col" className={cell}>
                90th percentile
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200 dark:divide-stone-800">
            {lengths.figures.map((length) => (
              <tr key={length.species}>
                <th scope="row" className={cell}>
                  {speciesWords(length.species)}
                </th>
                <td className={cell}>
                  <FigureLink period={period} cell={figureKeys.lengthOfStay(length.species)} count={length.count} />
                </td>
                {length.withheld ? (
                  <td colSpan={2} className={cell}>
                    <Withheld reason={length.withheld} />
                  </td>
                ) : (
                  <>
                    <td className={cell}>{daysWords(length.medianDays)}</td>
                    <td className={cell}>{daysWords(length.percentile90Days)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Trend({ period, trend }: { period: string; trend: StatsFigures["trend"] }) {
  return (
    <section aria-labelledby="trend-heading" className="grid min-w-0 gap-4">
      <h2 id="trend-heading" className="text-2xl font-bold tracking-tight">
        Intakes and outcomes by month
      </h2>
      <div className={tableFrame}>
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">Intakes and outcomes of each month of the period</caption>
          <thead className="border-b border-stone-200 text-sm dark:border-stone-800">
            <tr>
              <th scope="col" className={cell}>
                Month
              </th>
              <th scope="col" className={cell}>
                Intakes
              </th>
              <th scope="col" className={cell}>
                Outcomes
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200 dark:divide-stone-800">
            {trend.map((point) => (
              <tr key={point.month}>
                <th scope="row" className={cell}>
                  {periodWords(point.month)}
                </th>
                <td className={cell}>
                  <FigureLink period={period} cell={figureKeys.trend(point.month, "intakes")} count={point.intakes} />
                </td>
                <td className={cell}>
                  <FigureLink period={period} cell={figureKeys.trend(point.month, "outcomes")} count={point.outcomes} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
