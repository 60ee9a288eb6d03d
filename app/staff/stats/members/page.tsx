import type { Metadata } from "next";
import { Suspense } from "react";
import { ConsoleSkeleton } from "@/components/staff/console-skeleton";
import { MembersConsole } from "@/components/stats-console/members-console";

export const metadata: Metadata = {
  title: "Animals behind a figure · Statistics · Staff console",
  description: "The animals and stays one figure of the statistics counts.",
  robots: { index: false, follow: false },
};

export default function StatisticsMembersPage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Animals behind a figure</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          The stays one number of the statistics counts, each leading to the animal&apos;s record.
        </p>
      </div>
      {/* The figure lives in the URL (useSearchParams), which needs a boundary of its own. */}
      <Suspense fallback={<ConsoleSkeleton />}>
        <MembersConsole />
      </Suspense>
    </>
  );
}
