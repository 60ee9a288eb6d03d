import { afterEach, describe, expect, it, vi } from "vitest";
import type { ExportProgress } from "./export-progress";
import { downloadRecordsCsv } from "./records-download";

// The records export as the browser reads it: a streamed body whose line ends are counted
// against X-Record-Count, cancellable part way, and the key only ever in a header.

const encoder = new TextEncoder();

/**
 * An answer whose body gives `chunks` one by one; after `stallAfter` of them it waits until
 * `signal` aborts, then errors as a real fetch's body does.
 */
function streamedAnswer(
  chunks: string[],
  { stallAfter = Infinity, signal }: { stallAfter?: number; signal?: AbortSignal } = {},
) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener("abort", () => controller.error(new DOMException("Aborted", "AbortError")));
    },
    pull(controller) {
      if (sent === chunks.length) return controller.close();
      if (sent === stallAfter) return new Promise<void>(() => {});
      controller.enqueue(encoder.encode(chunks[sent++]));
    },
  });
  return new Response(body, {
    headers: { "X-Record-Count": "3", "Content-Disposition": 'attachment; filename="records-2025-Q3.csv"' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("downloading the period's records", () => {
  it("reports each chunk's records of the announced total and gives the whole file", async () => {
    const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () =>
      streamedAnswer(["pet_id,stay_id\r\n1,10\r\n", "2,11\r\n3,", "12\r\n"]),
    );
    vi.stubGlobal("fetch", fetch);
    const seen: ExportProgress[] = [];
    const { blob, fileName, records } = await downloadRecordsCsv("the-key", "2025-Q3", {
      signal: new AbortController().signal,
      onProgress: (progress) => seen.push(progress),
    });
    expect(seen.map((each) => each.received)).toEqual([0, 1, 2, 3]);
    expect(seen.every((each) => each.total === 3)).toBe(true);
    expect({ fileName, records }).toEqual({ fileName: "records-2025-Q3.csv", records: 3 });
    expect(await blob.text()).toBe("pet_id,stay_id\r\n1,10\r\n2,11\r\n3,12\r\n");
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/v1/stats/records.csv?period=2025-Q3");
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer the-key");
  });

  it("stops when cancelled part way, with what had arrived counted", async () => {
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) =>
      streamedAnswer(["pet_id,stay_id\r\n1,10\r\n", "2,11\r\n"], { stallAfter: 1, signal: init.signal ?? undefined }),
    );
    const controller = new AbortController();
    const seen: number[] = [];
    const download = downloadRecordsCsv("the-key", "2025-Q3", {
      signal: controller.signal,
      onProgress: ({ received }) => {
        seen.push(received);
        if (received === 1) controller.abort();
      },
    });
    await expect(download).rejects.toMatchObject({ name: "AbortError" });
    expect(seen).toEqual([0, 1]);
  });
});
