import type { Metadata } from "next";
import { Suspense } from "react";
import { ApplicationsConsole } from "@/components/staff/applications-console";
import { ConsoleSkeleton } from "@/components/staff/console-skeleton";

export const metadata: Metadata = {
  title: "Applications · Staff console",
  description: "Shelter staff review adoption applications: read the answers, approve, decline or withdraw.",
  robots: { index: false, follow: false },
};

export default function StaffApplicationsPage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Adoption applications</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Read each adopter&apos;s answers, then start a review, approve (an order holds the animal), decline with a
          reason, or withdraw on their behalf.
        </p>
      </div>
      {/* The view lives in the URL (useSearchParams), which needs a boundary of its own. */}
      <Suspense fallback={<ConsoleSkeleton />}>
        <ApplicationsConsole />
      </Suspense>
    </>
  );
}
