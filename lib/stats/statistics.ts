import "server-only";
import { config } from "@/lib/config";
import { globalSlot } from "@/lib/ops/global-slot";
import { getPetStore, getResourceStore } from "@/lib/composition";
import { statsStorage } from "./stats-resource-storage";
import { basicDataMatrix } from "./basic-data-matrix";
import { membersOfFigure, type FigureKey } from "./figure-key";
import { figuresDocument, type StatsFigures, type StatsMembers } from "./figures-json";
import { periodOf, type Period } from "./period";
import { isInPeriod, recordsCsv } from "./records-csv";
import { sacMatrixCsv } from "./sac-matrix-csv";
import { StatsCache, type StatsView } from "./stats-cache";
import type { StatsSource } from "./stats-source";

/*
 * The statistics' use cases (issue 42, docs/statistics.md): every answer is worked out from
 * the snapshot this process keeps while the event log has not grown (docs/decisions/264).
 */

// One cache per source (a reopened store makes a new one), and one per process whichever bundle asks.
const caches = globalSlot("statsCaches", () => new WeakMap<StatsSource, StatsCache>());

/** The statistics of the record as it is now. */
export async function currentStatistics(): Promise<StatsView> {
  const [stats, pets] = await Promise.all([getResourceStore(statsStorage), getPetStore()]);
  let cache = caches.get(stats);
  if (!cache) {
    cache = new StatsCache(
      () => pets.latestSequence(),
      () => stats.animalsForStats(),
      config.timeZone,
    );
    caches.set(stats, cache);
  }
  return cache.current();
}

// Answers made once per snapshot and period; frozen, so the API encodes each once (lib/api/api-route.ts).
const figuresMade = new WeakMap<object, StatsFigures>();
const matrixCsvMade = new WeakMap<StatsView, Map<string, string>>();

/** Every figure of the period: GET /v1/stats. */
export async function statsFigures(period: Period): Promise<StatsFigures> {
  const statistics = (await currentStatistics()).statistics(period);
  let figures = figuresMade.get(statistics);
  if (!figures) figuresMade.set(statistics, (figures = Object.freeze(figuresDocument(statistics))));
  return figures;
}

/** The stays behind one figure, with their animals' names: the drill-down. */
export async function statsMembers(period: Period, cell: string, figure: FigureKey): Promise<StatsMembers> {
  const view = await currentStatistics();
  const members = [...membersOfFigure(view.statistics(period), figure)]
    .sort((a, b) => a.petId - b.petId || a.stayId - b.stayId)
    .map((ref) => ({ ...ref, petName: view.names.get(ref.petId) ?? "" }));
  return { period: period.id, cell, count: members.length, members };
}

/** SAC's matrix as CSV: one line per month of the period and species, as SAC takes a month's document. */
export async function sacMatrixCsvOf(period: Period): Promise<string> {
  const view = await currentStatistics();
  let made = matrixCsvMade.get(view);
  if (!made) matrixCsvMade.set(view, (made = new Map()));
  let csv = made.get(period.id);
  if (csv === undefined) {
    const facts = view.facts.filter((each) => isInPeriod(each, period));
    csv = sacMatrixCsv(period.months.map((month) => basicDataMatrix(facts, periodOf(month), view.timeZone)));
    made.set(period.id, csv);
  }
  return csv;
}

/** Every stay in care during the period, as CSV lines to stream, and how many there are (for progress). */
export async function recordsCsvOf(period: Period): Promise<{ records: number; lines: Iterable<string> }> {
  const view = await currentStatistics();
  const records = view.facts.reduce((count, each) => count + (isInPeriod(each, period) ? 1 : 0), 0);
  return { records, lines: recordsCsv(view.facts, period) };
}
