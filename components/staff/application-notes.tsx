"use client";

import { Time } from "@/components/ui/time";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { noteApplicationWithKey } from "@/lib/api-client/applications-api";
import type { Application, ApplicationNoteView } from "@/lib/applications/application-view";
import { NOTE_MAX } from "@/lib/applications/schemas";
import { applicationKeys } from "@/lib/react-query/application-queries";
import { fieldError, fieldLabel, secondaryButton } from "@/components/ui/styles";
import { actorLabel } from "./activity-words";

const muted = "text-sm text-stone-700 dark:text-stone-300";

/** A note's author: by name where the API gives it (lib/applications/note-authors.ts), a key as the key, else a colleague. */
function authorOf(note: ApplicationNoteView): string {
  if (note.by.type === "person" && !note.byName) return "A colleague";
  return actorLabel(note.by, note.byName);
}

/** Staff notes on an application, oldest first, and a box to add one when the caller may. */
export function ApplicationNotes({
  apiKey,
  application,
  canWrite,
}: {
  apiKey: string;
  application: Application;
  canWrite: boolean;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const notes = application.notes ?? [];

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setProblem("Write the note first.");
    setBusy(true);
    setProblem(null);
    try {
      await noteApplicationWithKey(apiKey, application.id, text);
      setText("");
      await queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    } catch (error) {
      setProblem(`The note was not added. ${error instanceof Error ? error.message : ""}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4">
      <h4 className="font-semibold">Notes</h4>
      {notes.length === 0 ? (
        <p className={muted}>No notes yet.</p>
      ) : (
        <ul className="mt-1 space-y-2">
          {notes.map((note) => (
            <li key={`${note.at}-${note.text}`}>
              <p className="whitespace-pre-line wrap-anywhere">{note.text}</p>
              <p className={muted}>
                {authorOf(note)}, <Time iso={note.at} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {canWrite && application.answers ? (
        <form onSubmit={add} className="mt-3" noValidate>
          <label htmlFor={id} className={fieldLabel}>
            Add a note<span className="sr-only"> to {application.reference}</span>
          </label>
          <textarea
            id={id}
            rows={2}
            maxLength={NOTE_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            className="mt-1 block w-full rounded-lg border border-stone-400 bg-white p-3 text-base text-stone-900 aria-invalid:border-red-700 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-100"
          />
          {problem ? (
            <p id={`${id}-problem`} role="alert" className={fieldError}>
              {problem}
            </p>
          ) : null}
          <button type="submit" disabled={busy} className={`${secondaryButton} mt-2 h-auto min-h-9 px-3 py-1 text-sm`}>
            Save note<span className="sr-only"> on {application.reference}</span>
          </button>
        </form>
      ) : null}
    </div>
  );
}
