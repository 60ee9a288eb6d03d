/**
 * At most `concurrency` jobs at once and `maxWaiting` more admitted; past that a job is
 * refused at once with `refuse()`, so a burst of uploads waits in a short line instead of
 * taking every core and all memory from the API (docs/decisions/176, 178).
 *
 * A job is admitted before its input is prepared (an upload's body read): a refused upload
 * is refused before its body is read, so at most `concurrency + maxWaiting` bodies are ever
 * held, however many arrive. Preparing happens outside the running slots: a slow sender
 * holds a place in the line, never the processing.
 */
export function createWorkQueue(concurrency: number, maxWaiting: number, refuse: () => Error) {
  let admitted = 0;
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
  async function runAdmitted<I, T>(prepare: () => Promise<I>, job: (input: I) => Promise<T>): Promise<T> {
    const input = await prepare();
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await job(input);
    } finally {
      release();
    }
  }
  return {
    /** Admits the job or throws `refuse()`; then prepares its input and runs it in turn. */
    async run<I, T>(prepare: () => Promise<I>, job: (input: I) => Promise<T>): Promise<T> {
      if (admitted >= concurrency + maxWaiting) throw refuse();
      admitted++;
      try {
        return await runAdmitted(prepare, job);
      } finally {
        admitted--;
      }
    },
    /** Jobs running, waiting for a slot, and admitted in all (for tests and metrics). */
    load: () => ({ running, waiting: waiting.length, admitted }),
  };
}
