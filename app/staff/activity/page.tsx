import type { Metadata } from "next";
import { Suspense } from "react";
import { ActivityConsole } from "@/components/staff/activity-console";
import { ConsoleSkeleton } from "@/components/staff/console-skeleton";

export const metadata: Metadata = {
  title: "Activity · Staff console",
  description: "Who changed what in the shelter's records, when, from what to what.",
  robots: { index: false, follow: true },
};

export default function StaffActivityPage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Activity</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Every change to the animals, orders, categories, keys and webhooks: who made it, when, and what it changed.
        </p>
      </div>
      {/* The filters live in the URL (useSearchParams), which needs a boundary of its own. */}
      <Suspense fallback={<ConsoleSkeleton />}>
        <ActivityConsole />
      </Suspense>
    </>
  );
}
