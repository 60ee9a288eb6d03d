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

type Notice = { kind: "done" | "failed"; text: string };
/** A link just made: shown this once, until dismissed. */
type ShownLink = { name: string; url: string };

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
  const [link, setLink] = useState<ShownLink | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(call: () => Promise<string>, what: string) {
    setBusy(true);
    try {
      setNotice({ kind: "done", text: await call() });
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      setNotice({
        kind: "failed",
        text: `Could not ${what}: ${error instanceof Error ? error.message : String(error)}`,
      });
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
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
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
        {link && (
          <InvitationLinkNotice key={link.url} name={link.name} url={link.url} onDismiss={() => setLink(null)} />
        )}
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
                setLink({ name: invited.name, url: invited.invitationUrl });
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
            setLink({ name: person.name, url: person.invitationUrl });
            void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
          }}
        />
      )}
    </div>
  );
}
