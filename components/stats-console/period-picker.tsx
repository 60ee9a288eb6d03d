"use client";

import { useState, type MouseEvent } from "react";
import { fieldLabel, secondaryButton, textInput } from "@/components/ui/styles";
import {
  MONTH_NAMES,
  adjacentPeriod,
  hasBegun,
  periodIdOf,
  periodParts,
  periodWords,
  quarterOf,
  type PeriodParts,
  type StatsPeriodKind,
} from "./stats-view";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";
const KIND_WORDS: Record<StatsPeriodKind, string> = { month: "Month", quarter: "Quarter", year: "Year" };
/** How far back the year list reaches; a period linked from further back is added to it. */
const YEARS_OFFERED = 20;

/**
 * Which period the view shows: a month, a quarter or a year, applied with Show (one request
 * per choice, not one per arrow key), and the previous and next periods as links.
 */
export function PeriodPicker({
  period,
  today,
  hrefOf,
  onChange,
}: {
  period: string;
  today: string;
  /** The view's address for a period: the links work as links too. */
  hrefOf: (period: string) => string;
  onChange: (period: string) => void;
}) {
  // The fields restart from the period shown whenever it changes (Back, a link).
  return <PeriodForm key={period} period={period} today={today} hrefOf={hrefOf} onChange={onChange} />;
}

function PeriodForm({
  period,
  today,
  hrefOf,
  onChange,
}: {
  period: string;
  today: string;
  hrefOf: (period: string) => string;
  onChange: (period: string) => void;
}) {
  const [parts, setParts] = useState<PeriodParts>(() => periodParts(period));
  const thisYear = Number(today.slice(0, 4));
  const oldest = Math.min(parts.year, thisYear - YEARS_OFFERED + 1);
  const years = Array.from({ length: thisYear - oldest + 1 }, (_, index) => thisYear - index);
  const previous = adjacentPeriod(period, -1);
  const next = adjacentPeriod(period, 1);
  const follow = (target: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onChange(target);
  };

  return (
    <div className="grid gap-3">
      <form
        aria-label="Period"
        className="flex flex-wrap items-end gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onChange(periodIdOf(parts));
        }}
      >
        <div className="min-w-32 flex-1 sm:flex-none">
          <label htmlFor="period-kind" className={fieldLabel}>
            Period
          </label>
          <select
            id="period-kind"
            className={`${textInput} mt-1`}
            value={parts.kind}
            onChange={(event) => setParts({ ...parts, kind: event.target.value as StatsPeriodKind })}
          >
            {(Object.keys(KIND_WORDS) as StatsPeriodKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {KIND_WORDS[kind]}
              </option>
            ))}
          </select>
        </div>
        {parts.kind === "month" ? (
          <div className="min-w-36 flex-1 sm:flex-none">
            <label htmlFor="period-month" className={fieldLabel}>
              Month
            </label>
            <select
              id="period-month"
              className={`${textInput} mt-1`}
              value={parts.month}
              onChange={(event) => setParts({ ...parts, month: Number(event.target.value) })}
            >
              {MONTH_NAMES.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {parts.kind === "quarter" ? (
          <div className="min-w-36 flex-1 sm:flex-none">
            <label htmlFor="period-quarter" className={fieldLabel}>
              Quarter
            </label>
            <select
              id="period-quarter"
              className={`${textInput} mt-1`}
              value={quarterOf(parts.month)}
              onChange={(event) => setParts({ ...parts, month: Number(event.target.value) * 3 - 2 })}
            >
              {[1, 2, 3, 4].map((quarter) => (
                <option key={quarter} value={quarter}>
                  Q{quarter} ({MONTH_NAMES[quarter * 3 - 3]?.slice(0, 3)}–{MONTH_NAMES[quarter * 3 - 1]?.slice(0, 3)})
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="min-w-28 flex-1 sm:flex-none">
          <label htmlFor="period-year" className={fieldLabel}>
            Year
          </label>
          <select
            id="period-year"
            className={`${textInput} mt-1`}
            value={parts.year}
            onChange={(event) => setParts({ ...parts, year: Number(event.target.value) })}
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButton}>
          Show
        </button>
      </form>
      <nav aria-label="Periods before and after" className="flex flex-wrap gap-x-6 gap-y-2">
        <a href={hrefOf(previous)} onClick={follow(previous)} className={linkStyle}>
          <span aria-hidden="true">← </span>
          {periodWords(previous)}
        </a>
        {hasBegun(next, today) ? (
          <a href={hrefOf(next)} onClick={follow(next)} className={linkStyle}>
            {periodWords(next)}
            <span aria-hidden="true"> →</span>
          </a>
        ) : null}
      </nav>
    </div>
  );
}
