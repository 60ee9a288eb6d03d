import type { PublicStatistics } from "@/lib/stats/public-dataset";
import { HowCounted } from "./how-counted";
import { LengthOfStay } from "./length-of-stay";
import { LiveReleaseRate } from "./live-release-rate";
import { MatrixTable } from "./matrix-table";
import { OpenDataLinks } from "./open-data-links";
import { SPECIES_WORDS, monthsWords } from "./stats-words";
import { TrendChart } from "./trend-chart";
import { TrendTable } from "./trend-table";

const H2 = "text-2xl font-semibold tracking-tight";
const SECTION = "mt-10 space-y-4";

/**
 * The public statistics page's body (/stats): the last twelve months' live release rate,
 * length of stay, trend and matrix, how each is counted, and the open data. Each species'
 * matrix is folded in a <details>, which opens without JavaScript.
 */
export function PublicStats({ stats }: { stats: PublicStatistics }) {
  const { figures } = stats;
  const { period, timeZone, tables } = figures.matrix;
  const periodWords = monthsWords(period.months);
  const [all, ...species] = tables;
  return (
    <>
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">The shelter&rsquo;s numbers</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          How many animals came into our care and how they left, {periodWords}, in Shelter Animals Count&rsquo;s
          national terms. Counts only: nothing here names an animal or a person.
        </p>
        <div className="mt-4">
          <OpenDataLinks licence={stats.licence} computedAt={stats.computedAt} />
        </div>
      </div>

      <section aria-labelledby="lrr-heading" className={SECTION}>
        <h2 id="lrr-heading" className={H2}>
          Live release rate
        </h2>
        <LiveReleaseRate figures={figures.liveReleaseRate} id="lrr" />
      </section>

      <section aria-labelledby="los-heading" className={SECTION}>
        <h2 id="los-heading" className={H2}>
          Length of stay
        </h2>
        <LengthOfStay figures={figures.lengthOfStay} id="los" />
      </section>

      <section aria-labelledby="trend-heading" className={SECTION}>
        <h2 id="trend-heading" className={H2}>
          Intakes and outcomes each month
        </h2>
        <TrendChart points={figures.trend} id="trend-chart" />
        <TrendTable points={figures.trend} id="trend-table" />
      </section>

      <section aria-labelledby="matrix-heading" className={SECTION}>
        <h2 id="matrix-heading" className={H2}>
          Basic Data Matrix
        </h2>
        {all ? <MatrixTable table={all} periodWords={periodWords} id="matrix-all" /> : null}
        {species.map((table) => (
          <details key={table.species} className="rounded-2xl border border-stone-200 p-3 dark:border-stone-800">
            <summary className="cursor-pointer font-semibold">{SPECIES_WORDS[table.species]}</summary>
            <div className="mt-3">
              <MatrixTable table={table} periodWords={periodWords} id={`matrix-${table.species}`} />
            </div>
          </details>
        ))}
      </section>

      <section aria-labelledby="how-heading" className={SECTION}>
        <h2 id="how-heading" className={H2}>
          How each figure is counted
        </h2>
        <HowCounted timeZone={timeZone} minimum={figures.liveReleaseRate.minimum} />
      </section>
    </>
  );
}
