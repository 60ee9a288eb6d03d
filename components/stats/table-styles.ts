/** The statistics' tables share one look: a scrolling frame, a caption, header and number cells. */
// `relative`: a screen reader's text (sr-only, absolutely placed) stays inside the frame that
// scrolls, instead of widening the page on a phone.
export const TABLE_FRAME =
  "relative overflow-x-auto rounded-2xl border border-stone-200 bg-white focus-visible:outline-2 focus-visible:outline-teal-700 dark:border-stone-800 dark:bg-stone-900";
export const TABLE = "w-full text-left text-sm sm:text-base";
export const CAPTION = "px-2 py-2 sm:px-3 text-left font-semibold text-stone-900 dark:text-stone-100";
export const HEAD = "bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-200";
export const HEADER_CELL = "px-2 py-2 font-semibold sm:px-3";
/** Add font-normal or font-semibold: a <th> is bold by default. */
export const ROW_HEADER = "px-2 py-1.5 sm:px-3";
export const NUMBER_CELL = "px-2 py-1.5 text-right tabular-nums sm:px-3";
/** A withheld figure's reason: wide enough to read as a sentence, not a column of syllables. */
export const WITHHELD_CELL = "min-w-44 px-2 py-1.5 text-left text-sm text-stone-700 sm:px-3 dark:text-stone-300";
export const ROW = "border-t border-stone-200 dark:border-stone-800";
export const NOTE = "text-stone-700 dark:text-stone-300";
