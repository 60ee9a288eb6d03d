import { defineResource } from "@/lib/resources/define-resource";

/**
 * The shelter's statistics (issue 42, docs/statistics.md): read off the stays with `pets:read`,
 * so no scope, event or error code of their own. Their operations: ./stats-api.ts.
 */
export const statsResource = defineResource({
  name: "stats",
  decision: 262,
  tag: {
    name: "stats",
    description:
      "The shelter's statistics in Shelter Animals Count's terms: the Basic Data Matrix, live release rate, length of stay and trends for a month, quarter or year, each figure's animals, and CSV exports (experimental)",
  },
});
