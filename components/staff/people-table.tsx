"use client";

import { useState } from "react";
import type { Person } from "@/lib/people/person";
import { ROLES, type Role } from "@/lib/people/roles";
import { secondaryButton } from "@/components/ui/styles";
import { ConfirmDialog } from "./confirm-dialog";
import { personState, ROLE_NAMES } from "./person-state";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";
const CELL = "px-3 py-2 align-top first:pl-4 last:pr-4";
const select =
  "h-9 rounded-lg border border-stone-400 bg-white px-2 text-sm text-stone-900 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-100";

interface Actions {
  canWrite: boolean;
  busy: boolean;
  onChangeRole: (person: Person, role: Role) => void;
  onSetActive: (person: Person, active: boolean) => void;
  onNewLink: (person: Person) => void;
}

/** Everyone, oldest first, with what an admin may do to each; `asOf`: when the list was read. */
export function PeopleTable({ people, asOf, ...actions }: { people: Person[]; asOf: number } & Actions) {
  const [deactivating, setDeactivating] = useState<Person | null>(null);
  if (people.length === 0) return <p className="mt-2">No staff accounts yet.</p>;
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Staff accounts, oldest first</caption>
        <thead className="bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-200">
          <tr>
            <th scope="col" className={`${CELL} font-semibold`}>
              Name
            </th>
            <th scope="col" className={`${CELL} font-semibold`}>
              E-mail
            </th>
            <th scope="col" className={`${CELL} font-semibold`}>
              Role
            </th>
            <th scope="col" className={`${CELL} font-semibold`}>
              State
            </th>
            {actions.canWrite && (
              <th scope="col" className={`${CELL} font-semibold`}>
                Actions
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <PersonRow
              key={person.id}
              person={person}
              state={personState(person, asOf)}
              {...actions}
              onDeactivate={() => setDeactivating(person)}
            />
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={deactivating !== null}
        title={`Deactivate ${deactivating?.name ?? ""}?`}
        confirmLabel="Deactivate"
        keepLabel="Keep active"
        onConfirm={() => deactivating && actions.onSetActive(deactivating, false)}
        onClose={() => setDeactivating(null)}
      >
        They are signed out everywhere at once and cannot sign in until an admin reactivates them. What they did stays
        recorded under their name.
      </ConfirmDialog>
    </div>
  );
}

function PersonRow({
  person,
  state,
  canWrite,
  busy,
  onChangeRole,
  onSetActive,
  onNewLink,
  onDeactivate,
}: Actions & {
  person: Person;
  state: string;
  onDeactivate: () => void;
}) {
  const [role, setRole] = useState<Role>(person.role);
  return (
    <tr className="border-t border-stone-200 dark:border-stone-800">
      <th scope="row" className={`${CELL} font-medium wrap-anywhere`}>
        {person.name}
      </th>
      <td className={`${CELL} break-words`}>{person.email}</td>
      <td className={CELL}>
        {canWrite ? (
          <div className="flex flex-wrap items-center gap-2">
            <select
              aria-label={`Role of ${person.name}`}
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
              className={select}
            >
              {ROLES.map((each) => (
                <option key={each} value={each}>
                  {ROLE_NAMES[each]}
                </option>
              ))}
            </select>
            {role !== person.role && (
              <button
                type="button"
                disabled={busy}
                className={`${secondaryButton} ${small}`}
                onClick={() => onChangeRole(person, role)}
              >
                Change role<span className="sr-only"> of {person.name}</span>
              </button>
            )}
          </div>
        ) : (
          ROLE_NAMES[person.role]
        )}
      </td>
      <td className={CELL}>{state}</td>
      {canWrite && (
        <td className={CELL}>
          <div className="flex flex-wrap gap-2">
            {person.active ? (
              <button type="button" disabled={busy} className={`${secondaryButton} ${small}`} onClick={onDeactivate}>
                Deactivate<span className="sr-only"> {person.name}</span>
              </button>
            ) : (
              <button
                type="button"
                disabled={busy}
                className={`${secondaryButton} ${small}`}
                onClick={() => onSetActive(person, true)}
              >
                Reactivate<span className="sr-only"> {person.name}</span>
              </button>
            )}
            {person.active && (
              <button
                type="button"
                disabled={busy}
                className={`${secondaryButton} ${small}`}
                onClick={() => onNewLink(person)}
              >
                {person.hasPassword ? "Reset password" : "New invitation link"}
                <span className="sr-only"> for {person.name}</span>
              </button>
            )}
          </div>
        </td>
      )}
    </tr>
  );
}
