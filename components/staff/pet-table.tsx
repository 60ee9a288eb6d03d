import Link from "next/link";
import type { ReactNode } from "react";
import type { Pet } from "@/lib/pets/schemas";
import { StatusBadge } from "@/components/pets/status-badge";

const ROW = "h-14 sm:h-12 border-t border-stone-200 dark:border-stone-800";
const CELL = "px-3 py-2 first:pl-4 last:pr-4";

/** Rows and skeleton rows share one height, so nothing jumps when the data arrives. */
export function PetTable({
  caption,
  pets,
  skeletonRows = 0,
  actions,
  categoryName = (id) => `Category ${id}`,
  recordLinks = false,
}: {
  caption: string;
  pets: Pet[];
  skeletonRows?: number;
  /** A last column with what can be done to each pet (the staff console's order actions). */
  actions?: (pet: Pet) => ReactNode;
  categoryName?: (categoryId: number) => string;
  /** Each name leads to the animal's record (issue 41); not in the server's first view, where nothing acts yet. */
  recordLinks?: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
      <table className="w-full text-left text-sm sm:text-base">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-200">
          <tr className="h-11">
            <th scope="col" className={`${CELL} w-16 font-semibold sm:w-20`}>
              ID
            </th>
            <th scope="col" className={`${CELL} font-semibold`}>
              Name
            </th>
            {/* On phones the category moves under the name, so names keep their room. */}
            <th scope="col" className={`${CELL} hidden w-24 font-semibold sm:table-cell`}>
              Category
            </th>
            <th scope="col" className={`${CELL} w-24 font-semibold sm:w-28`}>
              Status
            </th>
            {/* Below md the actions sit under the status, so long names keep their room. */}
            {actions ? (
              <th scope="col" className={`${CELL} hidden font-semibold md:table-cell`}>
                Actions
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {pets.map((pet) => (
            <tr key={pet.id} className={ROW}>
              <td className={`${CELL} text-stone-700 tabular-nums dark:text-stone-300`}>#{pet.id}</td>
              {/* Focusable by script only: "Load more" moves focus to the first new pet. */}
              {/* From sm up, room for whole words, never squeezed to nothing by the actions beside it;
                  below sm (max-w-0) the name takes what is left rather than push the table sideways. */}
              <th scope="row" tabIndex={-1} className={`${CELL} max-w-0 font-medium sm:max-w-none sm:min-w-32`}>
                {/* Long names wrap at spaces; a name with none still breaks rather than being cut off. */}
                <span className="block wrap-anywhere">
                  {recordLinks ? (
                    <Link
                      href={`/staff/pets/${pet.id}/record`}
                      className="text-teal-800 underline underline-offset-2 dark:text-teal-300"
                    >
                      {pet.name}
                    </Link>
                  ) : (
                    pet.name
                  )}
                </span>
                <span className="block text-sm font-normal text-stone-700 sm:hidden dark:text-stone-300">
                  {categoryName(pet.categoryId)}
                </span>
              </th>
              <td className={`${CELL} hidden sm:table-cell`}>{categoryName(pet.categoryId)}</td>
              <td className={CELL}>
                <StatusBadge status={pet.status} />
                {pet.listed === false ? (
                  <span className="mt-1 block text-sm font-medium text-stone-700 dark:text-stone-300">
                    Not shown to adopters
                  </span>
                ) : null}
                {actions ? <div className="mt-2 md:hidden">{actions(pet)}</div> : null}
              </td>
              {actions ? <td className={`${CELL} hidden md:table-cell`}>{actions(pet)}</td> : null}
            </tr>
          ))}
          {Array.from({ length: skeletonRows }, (_, index) => (
            <tr key={`skeleton-${index}`} className={ROW} aria-hidden="true">
              {["w-10", "w-28", "w-6", "w-16", ...(actions ? ["w-20"] : [])].map((width) => (
                <td
                  key={width}
                  className={`${CELL} ${width === "w-6" ? "hidden sm:table-cell" : width === "w-20" ? "hidden md:table-cell" : ""}`}
                >
                  <span
                    className={`block h-4 ${width} animate-pulse rounded bg-stone-200 motion-reduce:animate-none dark:bg-stone-700`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
