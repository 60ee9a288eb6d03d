import type { Metadata } from "next";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">This page could not be found</h1>
      <p className="mt-4 text-stone-700 dark:text-stone-300">The link may be old, or the address mistyped.</p>
      <p className="mt-6">
        {/* A plain link: the gallery is served by the Pages Router (docs/decisions/107). */}
        <a href="/" className="font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200">
          See the animals looking for a home
        </a>
      </p>
    </div>
  );
}
