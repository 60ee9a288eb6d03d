import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MaybePromise } from "@/lib/maybe-promise";
import { answerPhoto, type PhotoAnswer } from "@/lib/photos/serve-photo";
import { PHOTOS_PATH } from "@/lib/photos/photo-json";
import { addSecurityHeaders } from "./security-headers";

/**
 * `npm start`'s fast path for `/photos/…`: the stored copy written straight to the socket,
 * without Next's router or a web Response (a variant is hot and small; docs/decisions/175).
 */
export function servePhotoTarget(incoming: IncomingMessage, outgoing: ServerResponse): void {
  const target = incoming.url ?? "";
  const name = target.slice(PHOTOS_PATH.length + 1).split("?", 1)[0]!;
  const ifNoneMatch = incoming.headers["if-none-match"] ?? null;
  let answer: MaybePromise<PhotoAnswer>;
  try {
    answer = answerPhoto(incoming.method ?? "GET", name, ifNoneMatch);
  } catch (error) {
    answer = Promise.reject(error);
  }
  // A copy in memory is written now: no promise on the hot path (docs/decisions/112).
  if (!(answer instanceof Promise)) return writePhoto(incoming, outgoing, answer);
  answer.then(
    (settled) => writePhoto(incoming, outgoing, settled),
    (error: unknown) => {
      console.error("Pet Store: a photo could not be served:", error);
      outgoing.writeHead(503, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "1",
      });
      outgoing.end("The photo cannot be read right now.\n");
    },
  );
}

function writePhoto(incoming: IncomingMessage, outgoing: ServerResponse, answer: PhotoAnswer): void {
  const headers: Record<string, string> = { ...answer.headers };
  addSecurityHeaders(headers);
  outgoing.writeHead(answer.status, headers);
  outgoing.end(incoming.method === "HEAD" ? undefined : answer.body);
  incoming.resume();
}
