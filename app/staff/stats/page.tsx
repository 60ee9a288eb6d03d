import type { Metadata } from "next";
import { Suspense } from "react";
import { ConsoleSkeleton } from "@/components/staff/console-skeleton";
import { StatsConsole } from "@/components/stats-console/stats-console";

export const metadata: Metadata = {
  title: "Statistics · Staff console",
  description: "The shelter's numbers for a month, quarter or year, each traced to the animals behind it.",
  robots: { index: false, follow: false },
};

export default function StatisticsPage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Statistics</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Shelter Animals Count&apos;s Basic Data Matrix, live release rate, length of stay and trends for a period.
          Every number leads to the animals it counts.
        </p>
      </div>
      {/* The period lives in the URL (useSearchParams), which needs a boundary of its own. */}
      <Suspense fallback={<ConsoleSkeleton />}>
        <StatsConsole />
      </Suspense>
    </>
  );
}
