/**
 * Group commit: what arrives while a batch is written and synced goes together in the next
 * one, strictly in arrival order (docs/decisions/008).
 */
export class GroupCommitter<Item, Result> {
  private queue: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  private running: Promise<void> | undefined;

  constructor(
    /** Commits a batch; returns one result per item, or throws to fail them all. */
    private readonly commit: (items: Item[]) => Promise<Result[]>,
    /** Runs after each batch is settled, before the next one starts (e.g. rotating files). */
    private readonly afterBatch: () => Promise<void> = async () => undefined,
    private readonly maxBatch = 8192,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Resolves once every submitted item has been committed or failed. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const results = await this.commit(batch.map((entry) => entry.item));
        batch.forEach((entry, i) => entry.resolve(results[i] as Result));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
      await this.afterBatch().catch(() => undefined); // it reports its own failures
    }
    this.running = undefined;
  }
}
