import "server-only";
import type { StoredResponse } from "@/lib/idempotency/idempotency-store";
import { syncDirectory, type StoreFs } from "@/lib/store/file/fs-layer";
import type { IdempotencyEntry } from "./file-idempotency-line";
import { inDir } from "@/lib/store/file/layout";

/** Decision 092's record file, replaced by journal lines (docs/decisions/109). */
export const LEGACY_IDEMPOTENCY_FILE = "idempotency.jsonl";

type Line =
  | { op: "claim"; key: string; fingerprint: string; expiresAt: number }
  | { op: "done"; key: string; response: StoredResponse }
  | { op: "release"; key: string };

/**
 * The answered records of an idempotency.jsonl left by an older version, not expired at
 * `now`; undefined when there is none. A torn last line (a crash mid-append) is skipped,
 * and so are claims without an answer: their process is gone.
 */
export async function readLegacyIdempotency(
  fsys: StoreFs,
  dir: string,
  now: number,
): Promise<IdempotencyEntry[] | undefined> {
  const names = await fsys.readdir(dir);
  if (!names.includes(LEGACY_IDEMPOTENCY_FILE)) return undefined;
  const claims = new Map<string, { fingerprint: string; expiresAt: number; response?: StoredResponse }>();
  for (const raw of (await fsys.readFile(inDir(dir, LEGACY_IDEMPOTENCY_FILE))).split("\n")) {
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      continue;
    }
    if (line.op === "claim") claims.set(line.key, { fingerprint: line.fingerprint, expiresAt: line.expiresAt });
    else if (line.op === "release") claims.delete(line.key);
    else if (line.op === "done") {
      const claim = claims.get(line.key);
      if (claim) claim.response = line.response;
    }
  }
  return [...claims].flatMap(([key, { fingerprint, expiresAt, response }]) =>
    response && expiresAt > now ? [{ key, fingerprint, expiresAt, response }] : [],
  );
}

/** Removes the old file once its records are durable in the journal. */
export async function removeLegacyIdempotency(fsys: StoreFs, dir: string): Promise<void> {
  await fsys.unlink(inDir(dir, LEGACY_IDEMPOTENCY_FILE));
  await syncDirectory(fsys, dir);
}
