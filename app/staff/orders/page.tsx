import type { Metadata } from "next";
import { Suspense } from "react";
import { ConsoleSkeleton } from "@/components/staff/console-skeleton";
import { OrdersConsole } from "@/components/staff/orders-console";

export const metadata: Metadata = {
  title: "Orders · Staff console",
  description: "Shelter staff follow adoptions through: from reservation to going home.",
  robots: { index: false, follow: true },
};

export default function StaffOrdersPage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Orders</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Every adoption by status, from reservation to going home.
        </p>
      </div>
      {/* The view lives in the URL (useSearchParams), which needs a boundary of its own. */}
      <Suspense fallback={<ConsoleSkeleton />}>
        <OrdersConsole />
      </Suspense>
    </>
  );
}
