/** What the destination writes to: process.stdout, or a test's stand-in. */
export interface LineSink {
  write(chunk: string, callback?: () => void): unknown;
}

/** pino's destination contract: write a line; flush(cb) once everything written is out. */
export interface BatchedDestination {
  write(line: string): boolean;
  flush(callback?: () => void): void;
}

/**
 * The log's destination: the lines logged during one turn of the event loop go to stdout in
 * one write when the turn ends. Under load a turn answers many requests, so the access log
 * costs one write per batch instead of one per line; when idle a line goes out at once.
 * process.stdout does the writing, so files, pipes and terminals behave as Node documents
 * (synchronous for files and, on Linux, pipes: a line is never reordered or left behind in
 * a buffer of ours for long). Measured against pino.destination: docs/decisions/111.
 */
export function batchedStdout(sink: LineSink = process.stdout): BatchedDestination {
  let pending: string[] = [];
  let scheduled = false;
  const writePending = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.join("");
    pending = [];
    sink.write(chunk);
  };
  return {
    write(line) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(writePending);
      }
      return true;
    },
    flush(callback) {
      writePending();
      // An empty write's callback runs once everything written before it is out.
      sink.write("", () => callback?.());
    },
  };
}
