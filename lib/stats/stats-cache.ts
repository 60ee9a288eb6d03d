import { statisticsOfFacts, type PeriodStatistics } from "./period-statistics";
import type { Period } from "./period";
import { stayFactsOf, type StayFacts } from "./stay-facts";
import type { StatsSnapshot } from "./stats-source";

/*
 * The statistics from a snapshot kept per process (docs/decisions/264): the record read once
 * and its stays' facts worked out once, kept while the event log's latest sequence is the one
 * read before the snapshot was. Every write to a pet, a stay or the species mapping appends
 * an event in the same durable step as the change, so a new sequence is the cheap sign that
 * something may have changed; any event counts, which costs a recount now and then and never
 * a stale figure. The version is read before the record, so a write landing in between makes
 * the next answer read again rather than keep it.
 */

/** Periods' figures kept per snapshot: the console's month, quarter and year, the public page's twelve months. */
const PERIODS_KEPT = 32;

export class StatsView {
  private readonly periods = new Map<string, PeriodStatistics>();
  readonly names: ReadonlyMap<number, string>;

  constructor(
    /** The event log's sequence the snapshot is at least as new as. */
    readonly version: number,
    readonly facts: StayFacts[],
    readonly timeZone: string,
    snapshot: StatsSnapshot,
  ) {
    this.names = new Map(snapshot.animals.map((animal) => [animal.petId, animal.name]));
  }

  /** Every figure of `period`, worked out once per snapshot. */
  statistics(period: Period): PeriodStatistics {
    let figures = this.periods.get(period.id);
    if (!figures) {
      if (this.periods.size >= PERIODS_KEPT) this.periods.delete(this.periods.keys().next().value as string);
      figures = statisticsOfFacts(this.facts, period, this.timeZone);
      this.periods.set(period.id, figures);
    }
    return figures;
  }
}

export class StatsCache {
  private kept: StatsView | undefined;
  private loading: { version: number; view: Promise<StatsView> } | undefined;

  constructor(
    private readonly version: () => Promise<number>,
    private readonly load: () => Promise<StatsSnapshot>,
    private readonly timeZone: string,
  ) {}

  /** The view of the record as it is now: the kept one while no event was appended since it was read. */
  async current(): Promise<StatsView> {
    const version = await this.version();
    if (this.kept?.version === version) return this.kept;
    // Requests that arrive while the record is read wait for that read, not one each.
    if (this.loading?.version === version) return this.loading.view;
    const view = this.load().then((snapshot) => {
      const made = new StatsView(
        version,
        stayFactsOf(snapshot.animals, snapshot.mapping, this.timeZone),
        this.timeZone,
        snapshot,
      );
      if (!this.kept || this.kept.version < version) this.kept = made;
      return made;
    });
    const loading = { version, view };
    this.loading = loading;
    const done = () => void (this.loading === loading && (this.loading = undefined));
    view.then(done, done);
    return view;
  }
}
