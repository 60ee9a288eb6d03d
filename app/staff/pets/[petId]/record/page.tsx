import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RecordConsole } from "@/components/record/record-console";
import { PetId } from "@/lib/pets/schemas";

export const metadata: Metadata = {
  title: "Animal record · Staff console",
  description: "Where the animal came from, its health, and where it went.",
  robots: { index: false, follow: false },
};

export default async function AnimalRecordPage({ params }: { params: Promise<{ petId: string }> }) {
  const { petId } = await params;
  const id = /^\d+$/.test(petId) ? PetId.safeParse(Number(petId)) : undefined;
  if (!id?.success) notFound();
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Animal record</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          How the animal arrived, where it is, its health, and how it left.
        </p>
      </div>
      <RecordConsole petId={id.data} />
    </>
  );
}
