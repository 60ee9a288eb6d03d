"use client";

import "./globals.css";

/** The root layout itself failed: this replaces it, so it brings its own html and body. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="bg-stone-50 text-stone-900 dark:bg-stone-950 dark:text-stone-100">
        <main className="mx-auto max-w-xl px-4 py-16 text-center">
          <h1 className="text-3xl font-bold tracking-tight">Pet Store is having trouble</h1>
          <p className="mt-4">Please try again in a moment.</p>
          <button
            type="button"
            onClick={reset}
            className="mt-6 rounded-full bg-teal-700 px-6 py-3 font-semibold text-white dark:bg-teal-300 dark:text-stone-950"
          >
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
