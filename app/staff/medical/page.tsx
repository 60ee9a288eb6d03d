import type { Metadata } from "next";
import { DueConsole } from "@/components/record/due-console";

export const metadata: Metadata = {
  title: "Due treatments · Staff console",
  description: "What is overdue and due this week for the animals in care.",
  robots: { index: false, follow: false },
};

export default function DueTreatmentsPage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Due treatments</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Vaccinations, tests and treatments overdue or due this week, for the animals in the shelter and in foster.
        </p>
      </div>
      <DueConsole />
    </>
  );
}
