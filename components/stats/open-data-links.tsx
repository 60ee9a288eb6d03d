import type { Licence } from "@/lib/stats/public-dataset";
import { PUBLIC_STATS_PATHS } from "@/lib/stats/public-dataset";

const LINK = "font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200";

/** The page's downloads and the licence the shelter publishes them under (none named when unset). */
export function OpenDataLinks({ licence, computedAt }: { licence: Licence | undefined; computedAt: string }) {
  return (
    <div className="space-y-2 text-stone-700 dark:text-stone-300">
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <a href={PUBLIC_STATS_PATHS.csv} className={LINK}>
            Download the matrix by month (CSV)
          </a>
        </li>
        <li>
          <a href={PUBLIC_STATS_PATHS.json} className={LINK}>
            Download every figure (JSON)
          </a>
        </li>
      </ul>
      {licence ? (
        <p>
          These figures are published under the{" "}
          <a href={licence.url} rel="license" className={LINK}>
            {licence.name}
          </a>{" "}
          licence.
        </p>
      ) : null}
      <p className="text-sm">
        Counted from the shelter&rsquo;s records at{" "}
        <time dateTime={computedAt}>{computedAt.slice(0, 16).replace("T", " ")} UTC</time>; a new record counts at once.
      </p>
    </div>
  );
}
