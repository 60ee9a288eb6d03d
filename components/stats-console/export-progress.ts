/*
 * The records export's progress (docs/decisions/273): the server says up front how many
 * lines follow the header (X-Record-Count); the browser counts line ends as the body arrives.
 * The records hold no free text, so a line end inside a quoted field cannot occur.
 */

const LINE_FEED = 0x0a;

/** How many line ends a chunk of the body holds. */
export function countLineEnds(chunk: Uint8Array): number {
  let count = 0;
  for (const byte of chunk) if (byte === LINE_FEED) count += 1;
  return count;
}

/** X-Record-Count read: a whole number, or undefined when missing or unreadable. */
export function recordCountOf(header: string | null): number | undefined {
  if (header === null || !/^\d{1,9}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** Records received once `lineEnds` lines have arrived: the first is the header. */
export const recordsReceived = (lineEnds: number) => Math.max(0, lineEnds - 1);

export interface ExportProgress {
  received: number;
  /** From X-Record-Count; undefined when the server did not say. */
  total?: number;
}

/** The progress bar's value out of `total`: never past it, and whole records only. */
export function progressValue({ received, total }: ExportProgress): number | undefined {
  if (total === undefined) return undefined;
  return Math.min(received, total);
}

const count = (value: number) => value.toLocaleString("en-US");
const records = (value: number) => `${count(value)} ${value === 1 ? "record" : "records"}`;

/** "1,200 of 5,000 records (24%)"; without a total, "1,200 records so far". */
export function progressWords(progress: ExportProgress): string {
  const { received, total } = progress;
  if (total === undefined) return `${records(received)} so far`;
  if (total === 0) return "No records in this period";
  const done = Math.min(received, total);
  return `${count(done)} of ${records(total)} (${Math.floor((done / total) * 100)}%)`;
}

/** The file name Content-Disposition gives (`attachment; filename="records-2026-10.csv"`), or `fallback`. */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  const name = /filename="([^"/\\]+)"/.exec(contentDisposition ?? "")?.[1];
  return name ?? fallback;
}
