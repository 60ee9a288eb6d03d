import { panel } from "@/components/ui/styles";

const BAR = "animate-pulse rounded bg-stone-200 motion-reduce:animate-none dark:bg-stone-800";

/** Shown while the signed-in console's code loads; shaped like the console itself. */
export function ConsoleSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading the staff console…
      </p>
      <div className="mb-6 flex h-11 items-center justify-between">
        <div className={`h-7 w-48 ${BAR}`} />
        <div className={`h-11 w-28 rounded-full ${BAR}`} />
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className={`${panel} h-[27rem]`} />
        <div className={`h-[32rem] ${BAR}`} />
      </div>
    </div>
  );
}
