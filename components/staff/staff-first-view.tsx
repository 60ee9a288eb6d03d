import type { StaffFirstView } from "@/lib/staff/first-view";
import { PetTable } from "./pet-table";
import type { StaffView } from "./staff-view";

/**
 * The console as the server sees it for a signed-in person (docs/decisions/219): their name
 * and the view's first page of pets, readable before the console's script arrives (or
 * without it). The console replaces it, with the same data already in its cache, once this
 * tab holds its bearer; until then nothing here acts, so it offers no buttons.
 */
export function StaffFirstViewPanel({ firstView, view }: { firstView: StaffFirstView; view: StaffView }) {
  const { me, pets, categories } = firstView;
  const names = new Map(categories?.map((category) => [category.id, category.name]));
  const filter = `${view.status ? `${view.status} pets` : "pets"}${view.q ? ` named like “${view.q}”` : ""}`;
  return (
    <div>
      <div className="mb-6 flex h-11 flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Signed in as {me.name}</h2>
      </div>
      <p className="mb-6 text-sm text-stone-700 dark:text-stone-300">
        <span className="[@media(scripting:none)]:hidden">Loading the console’s actions…</span>
        <span className="hidden [@media(scripting:none)]:inline">
          Changing anything here needs JavaScript; this is the list as it stands.
        </span>
      </p>
      {pets && (
        <section aria-labelledby="first-view-pets-heading" className="min-w-0">
          <h2 id="first-view-pets-heading" className="mb-4 text-2xl font-bold tracking-tight">
            Pets
          </h2>
          {pets.pets.length === 0 ? (
            <p>No {filter} yet.</p>
          ) : (
            <PetTable
              caption={`All ${filter}, newest first`}
              pets={pets.pets}
              categoryName={(id) => names.get(id) ?? `Category ${id}`}
            />
          )}
        </section>
      )}
    </div>
  );
}
