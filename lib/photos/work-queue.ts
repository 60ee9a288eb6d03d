/**
 * At most `concurrency` jobs at once, at most `maxWaiting` more queued; past that a job is
 * refused at once with `refuse()`, so a burst of uploads waits in a short line instead of
 * taking every core and all memory from the API (docs/decisions/176).
 */
export function createWorkQueue(concurrency: number, maxWaiting: number, refuse: () => Error) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw refuse();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running++;
      try {
        return await job();
      } finally {
        release();
      }
    },
    /** Jobs running and queued (for tests and metrics). */
    load: () => ({ running, waiting: waiting.length }),
  };
}
