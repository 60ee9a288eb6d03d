import { openStatsCsvWithKey } from "@/lib/api-client/stats-api";
import { countLineEnds, fileNameOf, recordCountOf, recordsReceived, type ExportProgress } from "./export-progress";

/**
 * Every record of a period as CSV, read as it streams (docs/decisions/273): `onProgress` hears
 * how many records have arrived of how many X-Record-Count announced; `signal` cancels it.
 * The body is kept as its chunks and made one Blob at the end, never one string.
 */
export async function downloadRecordsCsv(
  apiKey: string,
  period: string,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<{ blob: Blob; fileName: string; records: number }> {
  const response = await openStatsCsvWithKey(apiKey, "records", period, signal);
  const total = recordCountOf(response.headers.get("X-Record-Count"));
  const fileName = fileNameOf(response.headers.get("Content-Disposition"), `records-${period}.csv`);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let lineEnds = 0;
  onProgress({ received: 0, total });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      lineEnds += countLineEnds(value);
      onProgress({ received: recordsReceived(lineEnds), total });
    }
  }
  return { blob: new Blob(chunks, { type: "text/csv" }), fileName, records: recordsReceived(lineEnds) };
}
