import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { cookies } from "next/headers";
import { Suspense } from "react";
import { ConsoleSkeleton } from "@/components/staff/console-skeleton";
import { StaffConsole } from "@/components/staff/staff-console";
import { StaffFirstViewPanel } from "@/components/staff/staff-first-view";
import { parseStaffView } from "@/components/staff/staff-view";
import { categoriesOptions } from "@/lib/react-query/category-queries";
import { getQueryClient } from "@/lib/react-query/get-query-client";
import { staffMeOptions, staffPetsOptions } from "@/lib/react-query/staff-queries";
import { setupNeeded } from "@/lib/people/link-status";
import { staffFirstView } from "@/lib/staff/first-view";
import { KEY_TAB_COOKIE } from "@/lib/staff/key-tab-cookie";

export const metadata: Metadata = {
  title: "Staff console",
  description: "Shelter staff sign in with an API key to browse every animal and add new ones.",
  // A sign-in screen is no search result.
  robots: { index: false, follow: true },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StaffPage({ searchParams }: { searchParams: SearchParams }) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) {
    if (typeof value === "string") params.set(name, value);
  }
  const view = parseStaffView(params);
  // A signed-in person's first view comes with the page (docs/decisions/219): the same query
  // keys the console's useQuery reads (the factories'), so it starts with this data in its cache.
  const firstView = await staffFirstView(view);
  const queryClient = getQueryClient();
  if (firstView) {
    // Marked as old (updatedAt 1): the console checks it once it holds its bearer, as a tab
    // signed in with an API key in a browser that also holds a session must not keep the person's.
    const seeded = { updatedAt: 1 };
    queryClient.setQueryData(staffMeOptions(null).queryKey, firstView.me, seeded);
    if (firstView.pets) {
      queryClient.setQueryData(
        staffPetsOptions(null, view).queryKey,
        {
          pages: [firstView.pets],
          pageParams: [undefined],
        },
        seeded,
      );
    }
    if (firstView.categories) queryClient.setQueryData(categoriesOptions("").queryKey, firstView.categories, seeded);
  }
  const firstViewPanel = firstView && <StaffFirstViewPanel firstView={firstView} view={view} />;
  // Nobody signed in: the sign-in form is the first view, a real form that works before the
  // console's script (docs/decisions/224); the set-up hint too, when no account exists yet.
  // Not where a tab of this browser holds an API key: it would see the form flash on a reload.
  const keyTab = (await cookies()).has(KEY_TAB_COOKIE);
  const signedOut = firstView || keyTab ? undefined : { setupNeeded: await setupNeeded().catch(() => false) };

  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Staff console</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Browse every animal, whatever its status, and add new arrivals.
        </p>
      </div>
      <HydrationBoundary state={dehydrate(queryClient)}>
        {/* The view lives in the URL (useSearchParams), which needs a boundary of its own. */}
        <Suspense fallback={firstViewPanel ?? <ConsoleSkeleton />}>
          <StaffConsole firstView={firstViewPanel} signedOut={signedOut} />
        </Suspense>
      </HydrationBoundary>
    </>
  );
}
