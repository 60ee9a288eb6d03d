"use client";

import { useState } from "react";
import type { Person } from "@/lib/people/person";
import { ROLES, type Role } from "@/lib/people/roles";
import { secondaryButton } from "@/components/ui/styles";
import { ConfirmDialog } from "./confirm-dialog";
import { personState, ROLE_NAMES } from "./person-state";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";
// Below `sm` each person is a card: the table's rows and cells stack, so nothing scrolls
// sideways at 360 px. The explicit roles keep the table's meaning once `display` changes it.
const CELL = "block px-4 py-1 align-top sm:table-cell sm:px-3 sm:py-2 sm:first:pl-4 sm:last:pr-4";
const select =
  "h-9 rounded-lg border border-stone-400 bg-white px-2 text-sm text-stone-900 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-100";

interface Actions {
  canWrite: boolean;
  busy: boolean;
  /** Resolves false when refused: the select goes back to the role the person has. */
  onChangeRole: (person: Person, role: Role) => Promise<boolean>;
  onSetActive: (person: Person, active: boolean) => void;
  onNewLink: (person: Person) => void;
}

/** Everyone, oldest first, with what an admin may do to each; `asOf`: when the list was read. */
export function PeopleTable({ people, asOf, ...actions }: { people: Person[]; asOf: number } & Actions) {
  const [deactivating, setDeactivating] = useState<Person | null>(null);
  if (people.length === 0) return <p className="mt-2">No staff accounts yet.</p>;
  return (
    <div className="mt-2">
      <table role="table" className="block w-full text-left text-sm sm:table">
        <caption className="sr-only">Staff accounts, oldest first</caption>
        <thead
          role="rowgroup"
          className="sr-only bg-stone-100 text-stone-800 sm:not-sr-only sm:table-header-group dark:bg-stone-800 dark:text-stone-200"
        >
          <tr role="row">
            <th role="columnheader" scope="col" className={`${CELL} font-semibold`}>
              Name
            </th>
            <th role="columnheader" scope="col" className={`${CELL} font-semibold`}>
              E-mail
            </th>
            <th role="columnheader" scope="col" className={`${CELL} font-semibold`}>
              Role
            </th>
            <th role="columnheader" scope="col" className={`${CELL} font-semibold`}>
              State
            </th>
            {actions.canWrite && (
              <th role="columnheader" scope="col" className={`${CELL} font-semibold`}>
                Actions
              </th>
            )}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block sm:table-row-group">
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
    <tr role="row" className="block border-t border-stone-200 py-2 sm:table-row sm:py-0 dark:border-stone-800">
      {/* Names wrap between words only; an e-mail has none, so it may break anywhere. */}
      <th role="rowheader" scope="row" className={`${CELL} font-medium break-words`}>
        {person.name}
      </th>
      <td role="cell" className={`${CELL} wrap-anywhere`}>
        {person.email}
      </td>
      <td role="cell" className={CELL}>
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
                onClick={async () => {
                  if (!(await onChangeRole(person, role))) setRole(person.role);
                }}
              >
                Change role<span className="sr-only"> of {person.name}</span>
              </button>
            )}
          </div>
        ) : (
          ROLE_NAMES[person.role]
        )}
      </td>
      <td role="cell" className={CELL}>
        {state}
      </td>
      {canWrite && (
        <td role="cell" className={CELL}>
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
