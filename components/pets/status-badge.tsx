import type { PetStatus } from "@/lib/pets/schemas";

const LABELS: Record<PetStatus, string> = { available: "Available", pending: "Pending", sold: "Sold" };

// Colour only reinforces the word; each pair keeps AA contrast in both schemes.
const TONES: Record<PetStatus, string> = {
  available:
    "bg-emerald-100 text-emerald-900 ring-emerald-700/30 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-300/30",
  pending: "bg-amber-100 text-amber-900 ring-amber-700/30 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-300/30",
  sold: "bg-stone-200 text-stone-800 ring-stone-600/30 dark:bg-stone-800 dark:text-stone-200 dark:ring-stone-300/30",
};

export function StatusBadge({ status = "available" }: { status?: PetStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${TONES[status]}`}
    >
      {LABELS[status]}
    </span>
  );
}
