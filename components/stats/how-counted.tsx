/** How each figure on the public page is counted, in a sentence each (docs/statistics.md has the rest). */
export function HowCounted({ timeZone, minimum }: { timeZone: string; minimum: number }) {
  return (
    <dl className="space-y-3 text-stone-700 dark:text-stone-300">
      <div>
        <dt className="font-semibold text-stone-900 dark:text-stone-100">Days and months</dt>
        <dd>
          Each arrival and departure counts on its day in the shelter&rsquo;s time zone ({timeZone}); the period is the
          last twelve full months.
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-stone-900 dark:text-stone-100">Basic Data Matrix</dt>
        <dd>
          Shelter Animals Count&rsquo;s national standard: animals in care at the start and end (in the shelter or in
          foster care), live intakes by how they arrived and outcomes by how they left, by species and by age on that
          day (under 5 months, adult, or unknown without a birth date). An animal returned after adoption arrives again,
          as relinquished by its owner.
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-stone-900 dark:text-stone-100">Live release rate</dt>
        <dd>Live outcomes divided by all outcomes except owner-intended euthanasia.</dd>
      </div>
      <div>
        <dt className="font-semibold text-stone-900 dark:text-stone-100">Length of stay</dt>
        <dd>
          From arrival to leaving, in days, for the animals that left in the period; the median and the 90th percentile
          are interpolated as a spreadsheet&rsquo;s MEDIAN and PERCENTILE.INC are.
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-stone-900 dark:text-stone-100">Small numbers</dt>
        <dd>
          A rate or a length of stay worked out from fewer than {minimum} animals is not given, as it would mislead; its
          counts are.
        </dd>
      </div>
    </dl>
  );
}
