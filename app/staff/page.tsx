import type { Metadata } from "next";
import { Suspense } from "react";
import { ConsoleSkeleton } from "@/components/staff/console-skeleton";
import { StaffConsole } from "@/components/staff/staff-console";

export const metadata: Metadata = {
  title: "Staff console",
  description: "Shelter staff sign in with an API key to browse every animal and add new ones.",
  // A sign-in screen is no search result.
  robots: { index: false, follow: true },
};

export default function StaffPage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Staff console</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Browse every animal, whatever its status, and add new arrivals.
        </p>
      </div>
      {/* The view lives in the URL (useSearchParams), which needs a boundary of its own. */}
      <Suspense fallback={<ConsoleSkeleton />}>
        <StaffConsole />
      </Suspense>
    </>
  );
}
