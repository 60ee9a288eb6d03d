import { PawIcon } from "@/components/pets/paw-icon";

export function EmptyGallery() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 px-6 py-16 text-center dark:border-stone-700">
      <PawIcon className="size-10 text-stone-500 dark:text-stone-400" />
      <h2 className="text-xl font-semibold">No animals are available right now</h2>
      <p className="max-w-md text-stone-700 dark:text-stone-300">
        Every animal has found a home or is waiting for one. New arrivals appear here as soon as the shelter adds them.
      </p>
    </div>
  );
}
