import type { StatsFigures } from "./figures-json";

/*
 * What the public statistics publish (docs/decisions/268): the last twelve full months'
 * figures, counts and withheld rates only (no id, no name), the licence the shelter chose,
 * and a schema.org Dataset description of the page's two downloads.
 */

export type Licence = { name: string; url: string };

/** The public page's data: what lib/stats/public-statistics.ts hands the page. */
export type PublicStatistics = {
  figures: StatsFigures;
  licence: Licence | undefined;
  /** When these figures were worked out from the record (RFC 3339): a new record makes new ones. */
  computedAt: string;
  /** The validator of the page and its downloads (./public-cache.ts). */
  etag: string;
  /** The site's public origin, for absolute addresses. */
  origin: string;
};

export const PUBLIC_STATS_PATHS = { page: "/stats", csv: "/stats.csv", json: "/stats.json" } as const;

/** The schema.org Dataset the page describes itself with, as JSON-LD. */
export function datasetJsonLd(stats: PublicStatistics, siteName: string): Record<string, unknown> {
  const { period, timeZone } = stats.figures.matrix;
  const publisher = { "@type": "Organization", name: siteName, url: `${stats.origin}/` };
  return {
    "@context": "https://schema.org",
    "@type": "Dataset",
    name: `${siteName} shelter statistics, ${period.first} to ${period.last}`,
    description: `Animals taken in and leaving the ${siteName} shelter each month for the twelve months to ${period.last} (days in ${timeZone}): Shelter Animals Count's Basic Data Matrix by species and age group, live release rate and length of stay. Counts only; nothing identifies an animal or a person.`,
    url: `${stats.origin}${PUBLIC_STATS_PATHS.page}`,
    temporalCoverage: `${period.first}/${period.last}`,
    dateModified: stats.computedAt,
    isAccessibleForFree: true,
    keywords: ["animal shelter", "Shelter Animals Count", "Basic Data Matrix", "live release rate"],
    ...(stats.licence ? { license: stats.licence.url } : {}),
    creator: publisher,
    publisher,
    distribution: [
      {
        "@type": "DataDownload",
        name: "Basic Data Matrix by month and species (CSV, Shelter Animals Count's columns)",
        encodingFormat: "text/csv",
        contentUrl: `${stats.origin}${PUBLIC_STATS_PATHS.csv}`,
      },
      {
        "@type": "DataDownload",
        name: "Every figure of the twelve months (JSON)",
        encodingFormat: "application/json",
        contentUrl: `${stats.origin}${PUBLIC_STATS_PATHS.json}`,
      },
    ],
  };
}

/** JSON to put inside a <script> element: `<` written as \u003c, so no text can close the element. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");
