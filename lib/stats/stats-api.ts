import "server-only";
import * as z from "zod";
import type { oas31 } from "zod-openapi";
import { FigureKeyParam } from "./figure-key";
import { StatsFigures, StatsMembers } from "./figures-json";
import { PeriodQuery } from "./period";
import { recordsCsvOf, sacMatrixCsvOf, statsFigures, statsMembers } from "./statistics";
import { API_CACHE_CONTROL } from "@/lib/api/cache-control";
import { jsonResponse } from "@/lib/api/api-route";
import { defineOperation } from "@/lib/api/operation";
import { parseSearchParams } from "@/lib/api/parse-search-params";
import { errorRefs } from "@/lib/api/openapi/error-responses";
import { headerRefs } from "@/lib/api/openapi/response-headers";
import { COMMON_ERRORS, jsonAnswer } from "@/lib/api/openapi/operation-parts";
import { RATE_LIMIT_HEADERS } from "@/lib/api/openapi/shared-parts";
import { streamOfLines } from "@/lib/api/line-stream";

/*
 * The shelter's statistics over /v1 (issue 42, docs/statistics.md): thin doors onto
 * lib/stats/statistics.ts. Counts, ids and pet names only, all of which pets:read already
 * reads (docs/decisions/265); never a personal part of a stay.
 */

export const STATS_TAG = "stats";

const PERIOD_AS_WRITTEN: oas31.SchemaObject = {
  type: "string",
  pattern: "^\\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$",
  examples: ["2025", "2025-Q1", "2025-03"],
};
const periodParameter: oas31.ParameterObject = {
  name: "period",
  in: "query",
  required: true,
  description: "A month (YYYY-MM), a quarter (YYYY-Qn) or a year (YYYY), in the shelter's time zone",
  schema: PERIOD_AS_WRITTEN,
};
const cellParameter: oas31.ParameterObject = {
  name: "cell",
  in: "query",
  required: true,
  description:
    "The figure: a matrix cell or total `section/line/species/ageGroup` (`*` for any line, species or age group; line `live` or `other` for an outcome group), `live_release_rate/live|counted/<species|all>`, `length_of_stay/<species|all>` or `trend/YYYY-MM/intakes|outcomes`",
  schema: {
    type: "string",
    examples: ["outcome/adoption/canine/adult", "intake/*/feline/*", "live_release_rate/counted/all"],
  },
};

const PeriodParams = z.strictObject({ period: PeriodQuery });
const MembersParams = z.strictObject({ period: PeriodQuery, cell: FigureKeyParam });

const csvHeaders = (filename: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename}"`,
  "Cache-Control": API_CACHE_CONTROL,
});
const csvAnswer = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  headers: {
    "Content-Disposition": {
      description: "`attachment`, with a file name naming the period",
      schema: { type: "string", examples: ['attachment; filename="sac-matrix-2025.csv"'] },
    },
    ...extra,
    ...headerRefs("XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
  },
  content: { "text/csv": { schema: { type: "string" } } },
});
const STATS_ERRORS = errorRefs({ "400": "BadRequest", ...COMMON_ERRORS });
const FORMULAS = "How each figure is counted: docs/statistics.md.";

/** getStats: GET /v1/stats?period=… — every figure of a period. */
export const getStats = defineOperation(
  {
    operationId: "getStats",
    method: "GET",
    path: "/stats",
    scope: "pets:read",
    stability: "experimental",
    summary: "Get a period's statistics",
    document: {
      tag: STATS_TAG,
      description: `Shelter Animals Count's Basic Data Matrix for a month, quarter or year (beginning and ending counts with those in foster, intakes and outcomes by type, species and age group), the live release rate with its formula, the lengths of stay of the animals that left, and intakes and outcomes month by month, counted from the animals' stays in the shelter's time zone. A rate or length of stay of fewer than \`minimum\` animals is withheld (\`null\`, with \`withheld\`); its counts are given. Every figure's animals: getStatsMembers. ${FORMULAS}`,
      parameters: [periodParameter],
      responses: { "200": jsonAnswer("Every figure of the period", StatsFigures), ...STATS_ERRORS },
    },
  },
  async (request) => {
    const { period } = parseSearchParams(request.url, PeriodParams);
    return jsonResponse(await statsFigures(period));
  },
);

/** getStatsMembers: GET /v1/stats/members?period=…&cell=… — the drill-down. */
export const getStatsMembers = defineOperation(
  {
    operationId: "getStatsMembers",
    method: "GET",
    path: "/stats/members",
    scope: "pets:read",
    stability: "experimental",
    summary: "List the animals behind a figure",
    document: {
      tag: STATS_TAG,
      description:
        "The stays one figure of a period counts, each with its animal's id and name: the figure is the list's length, so the two cannot disagree. A stay leads to the animal's record (getStay, listPetStays).",
      parameters: [periodParameter, cellParameter],
      responses: { "200": jsonAnswer("The figure's stays", StatsMembers), ...STATS_ERRORS },
    },
  },
  async (request) => {
    const { period, cell } = parseSearchParams(request.url, MembersParams);
    return jsonResponse(await statsMembers(period, cell.key, cell.figure));
  },
);

/** getStatsMatrixCsv: GET /v1/stats/matrix.csv?period=… — SAC's layout. */
export const getStatsMatrixCsv = defineOperation(
  {
    operationId: "getStatsMatrixCsv",
    method: "GET",
    path: "/stats/matrix.csv",
    scope: "pets:read",
    stability: "experimental",
    summary: "Export the matrix in SAC's layout",
    document: {
      tag: STATS_TAG,
      description:
        "The Basic Data Matrix as CSV (RFC 4180) in Shelter Animals Count's layout: one line per month of the period and species, one column per field of SAC's monthly document (`animalCounts.beginingCount.count`, `liveIntake.upToFiveMonths.strayAtLarge`, …, spelled as SAC's API takes them). Counts only.",
      parameters: [periodParameter],
      responses: { "200": csvAnswer("The matrix, a line per month and species"), ...STATS_ERRORS },
    },
  },
  async (request) => {
    const { period } = parseSearchParams(request.url, PeriodParams);
    const csv = await sacMatrixCsvOf(period);
    return new Response(csv, { status: 200, headers: csvHeaders(`sac-matrix-${period.id}.csv`) });
  },
);

/** getStatsRecordsCsv: GET /v1/stats/records.csv?period=… — every stay of the period, streamed. */
export const getStatsRecordsCsv = defineOperation(
  {
    operationId: "getStatsRecordsCsv",
    method: "GET",
    path: "/stats/records.csv",
    scope: "pets:read",
    stability: "experimental",
    summary: "Export every stay of a period",
    document: {
      tag: STATS_TAG,
      description:
        "One CSV line (RFC 4180) per stay in care at any time in the period: pet and stay ids, species, ages, intake and outcome types, SAC rows, days, moments and length of stay; never a name, a contact or a note. Streamed as it is written; `X-Record-Count` says up front how many lines follow the header, for a progress bar.",
      parameters: [periodParameter],
      responses: {
        "200": csvAnswer("The period's stays, a line each", {
          "X-Record-Count": {
            description: "How many lines follow the header",
            schema: { type: "integer", minimum: 0 },
          },
        }),
        ...STATS_ERRORS,
      },
    },
  },
  async (request) => {
    const { period } = parseSearchParams(request.url, PeriodParams);
    const { records, lines } = await recordsCsvOf(period);
    const headers = { ...csvHeaders(`records-${period.id}.csv`), "X-Record-Count": String(records) };
    return new Response(streamOfLines(lines), { status: 200, headers });
  },
);
