import type { ReactNode } from "react";

/** The class of the one "Try again" action, a button in the App Router, a link in the Pages Router. */
export const tryAgainClass =
  "mt-6 inline-block rounded-full bg-teal-700 px-6 py-3 font-semibold text-white hover:bg-teal-800 dark:bg-teal-300 dark:text-stone-950";

/** A page failed to render (the store was unreachable, for instance): say so, offer a retry. */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="mt-4 text-stone-700 dark:text-stone-300">
        The animals could not be loaded just now. This is usually brief.
      </p>
      {children}
    </div>
  );
}
