/** Shared looks, so every control of a kind reads the same across pages. */
export const primaryButton =
  "inline-flex h-11 items-center justify-center rounded-full bg-teal-700 px-5 font-semibold text-white shadow-sm hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-80 dark:bg-teal-300 dark:text-stone-950 dark:hover:bg-teal-200";

export const secondaryButton =
  "inline-flex h-11 items-center justify-center rounded-full border border-stone-400 bg-white px-5 font-semibold text-stone-900 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-80 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800";

export const textInput =
  "block h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 aria-invalid:border-red-700 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-100 dark:aria-invalid:border-red-400";

export const fieldLabel = "block text-sm font-semibold text-stone-800 dark:text-stone-200";

export const fieldError = "mt-1 text-sm text-red-800 dark:text-red-300";

export const panel =
  "rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6 dark:border-stone-800 dark:bg-stone-900";
