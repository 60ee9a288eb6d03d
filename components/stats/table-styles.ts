/** The statistics' tables share one look: a scrolling frame, a caption, header and number cells. */
export const TABLE_FRAME =
  "overflow-x-auto rounded-2xl border border-stone-200 bg-white focus-visible:outline-2 focus-visible:outline-teal-700 dark:border-stone-800 dark:bg-stone-900";
export const TABLE = "w-full text-left text-sm sm:text-base";
export const CAPTION = "px-3 py-2 text-left font-semibold text-stone-900 dark:text-stone-100";
export const HEAD = "bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-200";
export const HEADER_CELL = "px-3 py-2 font-semibold";
/** Add font-normal or font-semibold: a <th> is bold by default. */
export const ROW_HEADER = "px-3 py-1.5";
export const NUMBER_CELL = "px-3 py-1.5 text-right tabular-nums";
export const ROW = "border-t border-stone-200 dark:border-stone-800";
export const NOTE = "text-stone-700 dark:text-stone-300";
