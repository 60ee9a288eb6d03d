"use client";

import { useEffect, useRef, useState } from "react";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { openStatsCsvWithKey, type StatsFigures } from "@/lib/api-client/stats-api";
import { primaryButton, secondaryButton } from "@/components/ui/styles";
import { fileNameOf, progressValue, progressWords, type ExportProgress } from "./export-progress";
import { downloadRecordsCsv } from "./records-download";
import { saveFile } from "./save-file";
import { periodWords } from "./stats-view";

type Outcome = { kind: "done" | "failed"; text: string } | null;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * The period's exports (issue 42): the matrix in SAC's CSV layout and as JSON, and every
 * record of the period as CSV, streamed with its progress shown and a Cancel button.
 */
export function StatsExports({
  apiKey,
  period,
  matrix,
  onUnauthorized,
}: {
  apiKey: string;
  period: string;
  matrix: StatsFigures["matrix"];
  onUnauthorized: () => void;
}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [matrixBusy, setMatrixBusy] = useState(false);
  const running = useRef<AbortController | null>(null);
  const recordsButton = useRef<HTMLButtonElement>(null);
  // Leaving the view (or another period) stops a download no one is waiting for.
  useEffect(() => () => running.current?.abort(), [period]);

  function failed(error: unknown, what: string) {
    if (isUnauthorized(error)) {
      onUnauthorized();
      return;
    }
    setOutcome({ kind: "failed", text: `The ${what} could not be downloaded: ${(error as Error).message}` });
  }

  async function downloadMatrixCsv() {
    setOutcome(null);
    setMatrixBusy(true);
    try {
      const response = await openStatsCsvWithKey(apiKey, "matrix", period);
      const fileName = fileNameOf(response.headers.get("Content-Disposition"), `sac-matrix-${period}.csv`);
      saveFile(await response.blob(), fileName);
      setOutcome({ kind: "done", text: `Saved ${fileName}.` });
    } catch (error) {
      failed(error, "matrix");
    } finally {
      setMatrixBusy(false);
    }
  }

  function downloadMatrixJson() {
    const fileName = `stats-matrix-${period}.json`;
    saveFile(new Blob([`${JSON.stringify(matrix, null, 2)}\n`], { type: "application/json" }), fileName);
    setOutcome({ kind: "done", text: `Saved ${fileName}.` });
  }

  async function downloadRecords() {
    const controller = new AbortController();
    running.current = controller;
    setOutcome(null);
    setProgress({ received: 0 });
    try {
      const { blob, fileName, records } = await downloadRecordsCsv(apiKey, period, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      saveFile(blob, fileName);
      setOutcome({ kind: "done", text: `Saved ${fileName}: ${records} ${records === 1 ? "record" : "records"}.` });
    } catch (error) {
      if (isAbort(error)) setOutcome({ kind: "done", text: "Records export cancelled: nothing was saved." });
      else failed(error, "records");
    } finally {
      running.current = null;
      setProgress(null);
    }
  }

  return (
    <section aria-labelledby="stats-exports" className="min-w-0 space-y-4">
      <h2 id="stats-exports" className="text-2xl font-bold tracking-tight">
        Export {periodWords(period)}
      </h2>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => void (matrixBusy ? undefined : downloadMatrixCsv())}
          aria-disabled={matrixBusy || undefined}
        >
          Matrix as CSV (SAC layout)
        </button>
        <button type="button" className={secondaryButton} onClick={downloadMatrixJson}>
          Matrix as JSON
        </button>
        <button
          ref={recordsButton}
          type="button"
          className={`${primaryButton} aria-disabled:cursor-wait aria-disabled:opacity-80`}
          onClick={() => void (progress ? undefined : downloadRecords())}
          aria-disabled={progress ? true : undefined}
        >
          All records as CSV
        </button>
      </div>
      {progress ? (
        <div className="grid max-w-xl gap-2">
          <label htmlFor="records-progress" className="font-semibold">
            Downloading the records of {periodWords(period)}
          </label>
          <progress
            id="records-progress"
            className="h-3 w-full"
            max={progress.total || 1}
            value={progressValue(progress)}
          />
          <p className="text-sm text-stone-700 dark:text-stone-300">{progressWords(progress)}</p>
          <div>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                running.current?.abort();
                recordsButton.current?.focus();
              }}
            >
              Cancel the records export
            </button>
          </div>
        </div>
      ) : null}
      <div role="status" aria-live="polite" className="min-h-6">
        {outcome ? (
          <p
            className={
              outcome.kind === "failed"
                ? "font-semibold text-red-800 dark:text-red-300"
                : "text-teal-900 dark:text-teal-200"
            }
          >
            {outcome.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}
