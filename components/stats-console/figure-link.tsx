import Link from "next/link";
import { membersHref } from "./stats-view";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";

/**
 * A count that leads to the animals it counts (the drill-down); a zero has none to show and is
 * plain text. `label` names the figure for a reader who meets the link out of its table.
 */
export function FigureLink({
  period,
  cell,
  count,
  label,
}: {
  period: string;
  cell: string;
  count: number;
  label?: string;
}) {
  if (count === 0) return <span className="tabular-nums">0</span>;
  return (
    <Link
      href={membersHref(period, cell)}
      className={`${linkStyle} tabular-nums`}
      aria-label={label ? `${count} ${label}` : undefined}
    >
      {count}
    </Link>
  );
}
