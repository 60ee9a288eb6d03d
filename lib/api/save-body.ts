import "server-only";
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { BodyTooLargeError, saveBody, type BodySource } from "./body-source";

/**
 * Saves a request body to `file` (a new file, mode 0600) as it arrives, at most `limit` bytes
 * (`tooLargeError()` past it, without reading more), never holding it whole: a body of
 * megabytes costs the event loop only the writes of its chunks, neither a copy nor the
 * garbage collections that copies of megabytes set off (docs/decisions/199). The file may be
 * left behind, partly written, when this throws: the caller removes it.
 */
export async function saveBodyAtMost(
  request: Request,
  limit: number,
  file: string,
  tooLargeError: () => Error,
): Promise<void> {
  try {
    if (saveBody in request) return await (request as Request & BodySource)[saveBody](limit, file);
    const source = request.body
      ? Readable.fromWeb(request.body as import("node:stream/web").ReadableStream)
      : Readable.from([]);
    // A platform Request's stream is cancelled past the limit (its connection is not ours to keep).
    await saveReadable(source, file, limit).catch((error: unknown) => {
      source.destroy();
      throw error;
    });
  } catch (error) {
    throw error instanceof BodyTooLargeError ? tooLargeError() : error;
  }
}

/**
 * Writes what `source` gives to `file`, pausing it while the file catches up. Past `limit`,
 * or when the source fails or closes early, `source` is left paused with the rest unread (the
 * front server discards it after the answer, so the connection carries on) and this rejects
 * once the file is closed, so the caller may remove it at once.
 */
export function saveReadable(source: Readable, file: string, limit: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
    let size = 0;
    let failure: Error | undefined;
    let ended = false;
    const detach = () => {
      source.off("data", onData);
      source.off("end", onEnd);
      source.off("error", fail);
      source.off("close", onClose);
    };
    const fail = (error: Error) => {
      failure ??= error;
      detach();
      source.pause();
      out.destroy();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) return fail(new BodyTooLargeError(limit));
      if (!out.write(chunk)) {
        source.pause();
        out.once("drain", () => source.resume());
      }
    };
    const onEnd = () => {
      ended = true;
      detach();
      out.end();
    };
    const onClose = () => {
      if (!source.readableEnded) fail(new Error("the client closed the connection before the whole body arrived"));
    };
    out.on("error", fail);
    out.on("close", () => (failure || !ended ? reject(failure ?? new Error("the body was not saved")) : resolve()));
    if (source.readableEnded) return onEnd();
    source.on("data", onData);
    source.on("end", onEnd);
    source.on("error", fail);
    source.on("close", onClose);
  });
}
