import { formatCount } from "./stats-words";

/** Leads a figure to the stays behind it (the console's drill-down); the public page passes none. */
export type CellHref = (figureKey: string) => string | undefined;

const LINK = "font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200";

/** A count, linked to its drill-down when `cellHref` gives an address for its figure key. */
export function StatNumber({ count, figureKey, cellHref }: { count: number; figureKey: string; cellHref?: CellHref }) {
  const href = cellHref?.(figureKey);
  const text = formatCount(count);
  return href ? (
    <a href={href} className={LINK}>
      {text}
    </a>
  ) : (
    <>{text}</>
  );
}
