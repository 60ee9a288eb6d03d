import "server-only";
import type { Caller } from "@/lib/keys/caller";
import { grants } from "@/lib/keys/scopes";
import { getAccountStore } from "@/lib/people/accounts";
import type { Application } from "./application-view";

/**
 * Notes signed with their authors' names as their accounts hold them now, as the activity
 * record names people (lib/audit/read-audit.ts): every name to a caller who may read people
 * (docs/decisions/209), and a person's own name to that person. A key is named by the
 * console as a key; a colleague the caller may not read stays unnamed.
 */
export async function withNoteAuthorsNamed(applications: Application[], caller: Caller | undefined) {
  const everyone = caller ? grants(caller.scopes, "people:read") : false;
  const ids = new Set<string>();
  for (const { notes = [] } of applications) {
    for (const { by } of notes) {
      if (by.type === "person" && (everyone || by.id === caller?.personId)) ids.add(by.id);
    }
  }
  if (ids.size === 0) return applications;
  const accounts = await getAccountStore();
  const names = new Map<string, string>();
  for (const id of ids) {
    const person = await accounts.getPerson(id);
    if (person) names.set(id, person.name);
  }
  return applications.map((application) =>
    application.notes
      ? {
          ...application,
          notes: application.notes.map((note) => {
            const byName = note.by.type === "person" ? names.get(note.by.id) : undefined;
            return byName ? { ...note, byName } : note;
          }),
        }
      : application,
  );
}
