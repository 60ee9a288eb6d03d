"use client";

import type { PetStatus } from "@/lib/pets/schemas";
import { PAGE_SIZES, type PageSize } from "./staff-view";
import { fieldLabel, textInput } from "@/components/ui/styles";
import { useCommittedChoice } from "./use-committed-choice";

export const PET_STATUS_LABELS: Record<PetStatus, string> = {
  available: "Available",
  pending: "Pending",
  sold: "Sold",
};

type View<S extends string> = { status?: S; limit: PageSize };

/** Status filter and page size (pets' or orders' statuses); the parent puts the choice in the URL. */
export function ViewControls<S extends string>({
  view,
  labels,
  onChange,
}: {
  view: View<S>;
  /** Each status the filter offers, with its label, in order. */
  labels: Record<S, string>;
  onChange: (view: View<S>) => void;
}) {
  const statusChoice = useCommittedChoice(view.status ?? "", (value) =>
    onChange({ ...view, status: (value || undefined) as S | undefined }),
  );
  const pageSizeChoice = useCommittedChoice(String(view.limit), (value) =>
    onChange({ ...view, limit: Number(value) as PageSize }),
  );
  return (
    <div className="flex flex-wrap gap-4">
      <div className="min-w-36 flex-1 sm:flex-none">
        {/* Named for what it does: the add-a-pet form has a "Status" of its own. */}
        <label htmlFor="status-filter" className={fieldLabel}>
          Filter by status
        </label>
        <select id="status-filter" {...statusChoice} className={`${textInput} mt-1`}>
          <option value="">All</option>
          {(Object.entries(labels) as [S, string][]).map(([status, label]) => (
            <option key={status} value={status}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-28 flex-1 sm:flex-none">
        <label htmlFor="page-size" className={fieldLabel}>
          Per page
        </label>
        <select id="page-size" {...pageSizeChoice} className={`${textInput} mt-1`}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
