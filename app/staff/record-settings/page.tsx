import type { Metadata } from "next";
import { RecordSettingsConsole } from "@/components/record/record-settings-console";

export const metadata: Metadata = {
  title: "Record settings · Staff console",
  description: "The shelter's treatment list and the species each category counts as.",
  robots: { index: false, follow: false },
};

export default function RecordSettingsPage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Record settings</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          The treatments the shelter gives, and the species Shelter Animals Count counts each category as.
        </p>
      </div>
      <RecordSettingsConsole />
    </>
  );
}
