import { StoreUnavailableError } from "@/lib/errors/store-errors";
import { isDatabaseUnavailable } from "./unavailable";

/**
 * Group commit for PostgreSQL: at most `maxInFlight` INSERT statements run at once; creates
 * that arrive meanwhile wait and go together in the next one, so one transaction (one WAL
 * flush, one round trip) acknowledges many pets under load, while a lone create still goes
 * at once, alone. A batch that fails for a reason other than unavailability (a row the
 * table refuses) is retried row by row, so one bad row fails only its own request.
 */
export class InsertBatcher<Item, Result> {
  private queue: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    /** Inserts the items in one statement; returns one result per item, in order. */
    private readonly insert: (items: Item[]) => Promise<Result[]>,
    private readonly maxInFlight: number,
    private readonly maxBatch = 512,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  /** Resolves once nothing is queued or being inserted. */
  async idle(): Promise<void> {
    while (this.inFlight > 0 || this.queue.length > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      this.inFlight++;
      void this.run(this.queue.splice(0, this.maxBatch)).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async run(batch: typeof this.queue): Promise<void> {
    try {
      const results = await this.insert(batch.map((entry) => entry.item));
      batch.forEach((entry, i) => entry.resolve(results[i] as Result));
    } catch (error) {
      if (batch.length === 1 || error instanceof StoreUnavailableError || isDatabaseUnavailable(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      await Promise.all(batch.map((entry) => this.run([entry])));
    }
  }
}
