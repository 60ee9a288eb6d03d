"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { changePersonWithKey, reinvitePersonWithKey, type PersonChange } from "@/lib/api-client/people-api";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import type { Person } from "@/lib/people/person";
import { peopleKeys, peopleOptions } from "@/lib/react-query/people-queries";
import { panel } from "@/components/ui/styles";
import { AddPersonForm } from "./add-person-form";
import { InvitationLinkNotice } from "./invitation-link-notice";
import { PeopleTable } from "./people-table";
import { ROLE_NAMES } from "./person-state";
import type { Notice } from "./notice";

/** A link just made: shown this once, until dismissed; one a person, the newest first. */
type ShownLink = { personId: string; name: string; url: string };

/** The staff accounts (people:read) and, with people:write, adding and changing them. */
export function PeopleManager({
  apiKey,
  canWrite,
  onUnauthorized,
}: {
  apiKey: string;
  canWrite: boolean;
  onUnauthorized: () => void;
}) {
  const queryClient = useQueryClient();
  const people = useQuery(peopleOptions(apiKey));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [links, setLinks] = useState<ShownLink[]>([]);
  // A person's new link replaces their earlier one, which no longer works; others stay until dismissed.
  const showLink = (shown: ShownLink) =>
    setLinks((current) => [shown, ...current.filter((each) => each.personId !== shown.personId)]);
  const [busy, setBusy] = useState(false);

  /** True when done; a refusal is said in the notice. */
  async function act(call: () => Promise<string>, what: string): Promise<boolean> {
    setBusy(true);
    try {
      setNotice({ kind: "done", text: await call() });
      return true;
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else
        setNotice({
          kind: "failed",
          text: `Could not ${what}: ${error instanceof Error ? error.message : String(error)}`,
        });
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
    }
  }

  const change = (person: Person, patch: PersonChange, done: string, what: string) =>
    act(async () => {
      await changePersonWithKey(apiKey, person.id, patch);
      return done;
    }, what);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="people-heading" className={panel}>
        <h2 id="people-heading" className="text-xl font-semibold">
          Staff accounts
        </h2>
        <p
          role="status"
          className={`mt-2 min-h-6 text-sm ${notice?.kind === "failed" ? "font-semibold text-red-800 dark:text-red-300" : "text-teal-900 dark:text-teal-200"}`}
        >
          {notice?.text}
        </p>
        {links.map((link) => (
          <InvitationLinkNotice
            key={link.url}
            name={link.name}
            url={link.url}
            onDismiss={() => setLinks((current) => current.filter((each) => each.url !== link.url))}
          />
        ))}
        {people.isPending && <p className="mt-2">Loading the people…</p>}
        {people.isError && <p className="mt-2">The people could not be loaded: {people.error.message}</p>}
        {people.data && (
          <PeopleTable
            people={people.data}
            asOf={people.dataUpdatedAt}
            canWrite={canWrite}
            busy={busy}
            onChangeRole={(person, role) =>
              change(person, { role }, `${person.name} is now ${ROLE_NAMES[role].toLowerCase()}.`, "change the role")
            }
            onSetActive={(person, active) =>
              change(
                person,
                { active },
                active ? `Reactivated ${person.name}.` : `Deactivated ${person.name}: they are signed out everywhere.`,
                active ? "reactivate" : "deactivate",
              )
            }
            onNewLink={(person) =>
              act(async () => {
                const invited = await reinvitePersonWithKey(apiKey, person.id);
                showLink({ personId: invited.id, name: invited.name, url: invited.invitationUrl });
                return `Made a new link for ${person.name}; their earlier link no longer works.`;
              }, "make a new link")
            }
          />
        )}
      </section>
      {canWrite && (
        <AddPersonForm
          apiKey={apiKey}
          onUnauthorized={onUnauthorized}
          onAdded={(person) => {
            setNotice({ kind: "done", text: `Added ${person.name} as ${ROLE_NAMES[person.role].toLowerCase()}.` });
            showLink({ personId: person.id, name: person.name, url: person.invitationUrl });
            void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
          }}
        />
      )}
    </div>
  );
}
