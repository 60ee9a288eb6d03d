import "server-only";

/** About this much text a chunk: large enough that a big export is few writes, small enough to start at once. */
const CHUNK_CHARACTERS = 64 * 1024;

/**
 * A body that streams lines as they are made (a generator's), a chunk at a time when the
 * reader asks for one, so a large export is never whole in memory and a client that goes
 * away stops its making.
 */
export function streamOfLines(lines: Iterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.iterator]();
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        let chunk = "";
        while (chunk.length < CHUNK_CHARACTERS) {
          const next = iterator.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += next.value;
        }
        controller.enqueue(encoder.encode(chunk));
      },
      cancel() {
        iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}
