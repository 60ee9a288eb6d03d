import { BREED_MAX_LENGTH, DESCRIPTION_MAX_LENGTH, GOOD_WITH } from "@/lib/pets/schemas";
import { GOOD_WITH_WORDS, SEX_WORDS, SIZE_WORDS } from "@/lib/pets/profile-words";
import { fieldLabel, textInput } from "@/components/ui/styles";

const ID = "new-pet";

/**
 * The profile a new pet may be added with (issue 40, item 4; fields: docs/decisions/170),
 * under the same names as the Edit dialog's fields, so lib/pets/profile-patch.ts reads both.
 * Every field may stay empty: a pet is added unlisted, and its profile can follow.
 */
export function NewPetProfileFields() {
  const select = (name: string, label: string, words: Record<string, string>) => (
    <div>
      <label htmlFor={`${ID}-${name}`} className={fieldLabel}>
        {label}
      </label>
      <select id={`${ID}-${name}`} name={name} defaultValue="" className={`${textInput} mt-1`}>
        <option value="">Not known</option>
        {Object.entries(words).map(([key, word]) => (
          <option key={key} value={key}>
            {word}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold">Profile (optional)</legend>
      {/* One column: the form sits in a narrow panel beside the list, even at 1280 px. */}
      <div className="grid gap-4">
        {select("sex", "Sex", SEX_WORDS)}
        {select("size", "Size", SIZE_WORDS)}
      </div>
      <div>
        <label htmlFor={`${ID}-birthDate`} className={fieldLabel}>
          Birth date
        </label>
        <input id={`${ID}-birthDate`} name="birthDate" type="date" min="1900-01-01" className={`${textInput} mt-1`} />
        <label className="mt-2 inline-flex items-center gap-2">
          <input type="checkbox" name="birthDateIsEstimate" className="size-5 accent-teal-700" />
          The birth date is an estimate
        </label>
      </div>
      <div>
        <label htmlFor={`${ID}-breed`} className={fieldLabel}>
          Breed or mix
        </label>
        <input
          id={`${ID}-breed`}
          name="breed"
          autoComplete="off"
          maxLength={BREED_MAX_LENGTH * 2}
          className={`${textInput} mt-1`}
        />
      </div>
      <div>
        <label htmlFor={`${ID}-description`} className={fieldLabel}>
          Description
        </label>
        <textarea
          id={`${ID}-description`}
          name="description"
          rows={4}
          maxLength={DESCRIPTION_MAX_LENGTH * 2}
          className={`${textInput} mt-1 h-auto py-2`}
        />
      </div>
      <fieldset className="grid gap-4">
        <legend className={`${fieldLabel} mb-1`}>Good with</legend>
        {GOOD_WITH.map((target) => select(`goodWith.${target}`, GOOD_WITH_WORDS[target], { yes: "Yes", no: "No" }))}
      </fieldset>
    </fieldset>
  );
}
