"use client";

import { useRef, useState, type FormEvent } from "react";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { errorsOnFields, issuesOnFields, type FieldErrors } from "./record-form-view";
import { focusFirstError } from "./record-fields";

type Checked<Body> =
  | { success: true; data: Body }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** What every form of the record is handed: who asks, for which animal, and where news goes. */
export interface RecordFormProps {
  apiKey: string;
  petId: number;
  petName: string;
  onNotice: (notice: { kind: "done" | "failed"; text: string }) => void;
  onUnauthorized: () => void;
}

/**
 * One form's sending: the shared schema checks the body first (its messages on the fields),
 * then the API; a refusal lands on the fields it names, or above the buttons in the server's
 * words, and focus moves to the first field to fix.
 */
export function useRecordForm<Body, Answer>({
  check,
  send,
  fields,
  doing,
  onSent,
  onUnauthorized,
}: {
  check: (data: FormData) => Checked<Body>;
  send: (body: Body) => Promise<Answer>;
  /** The API's field paths → the form's control names. */
  fields: Record<string, string>;
  /** "record the intake": said in "Could not record the intake: …". */
  doing: string;
  onSent: (answer: Answer) => void | Promise<unknown>;
  onUnauthorized: () => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  function show(next: FieldErrors) {
    setErrors(next);
    focusFirstError(form.current, next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = check(new FormData(event.currentTarget));
    if (!checked.success) return show(issuesOnFields(checked.error.issues, fields, doing));
    setSending(true);
    try {
      const answer = await send(checked.data);
      setErrors({});
      await onSent(answer);
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      show(errorsOnFields(error, fields, doing));
    } finally {
      setSending(false);
    }
  }

  return { form, errors, sending, submit };
}
