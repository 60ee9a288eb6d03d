"use client";

import { formatTime } from "@/lib/dates/format-time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import {
  addPasskey,
  listOwnPasskeys,
  passkeyPromptMessage,
  removeOwnPasskey,
  type OwnPasskey,
} from "@/lib/api-client/passkey-api";
import { FormField } from "@/components/ui/form-field";
import { panel, primaryButton, secondaryButton, textInput } from "@/components/ui/styles";
import { usePasskeysAvailable } from "./use-passkeys-available";

const passkeyKeys = { own: ["auth", "passkeys"] as const };

const when = (iso: string) => formatTime(iso);

/** The person's passkeys: add one (named, such as "Work laptop") to sign in without a password, or remove one. */
export function OwnPasskeys() {
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: passkeyKeys.own, queryFn: listOwnPasskeys });
  const available = usePasskeysAvailable();
  const [nameError, setNameError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeyKeys.own });
  const add = useMutation({ mutationFn: addPasskey, onSettled: refresh });
  const remove = useMutation({ mutationFn: removeOwnPasskey, onSettled: refresh });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    if (!name) {
      setNameError("Name the passkey, such as the device it is on.");
      return;
    }
    setNameError(null);
    add.mutate(name, { onSuccess: () => form.reset() });
  }

  return (
    <section aria-labelledby="passkeys-heading" className={panel}>
      <h2 id="passkeys-heading" className="text-xl font-semibold">
        Passkeys
      </h2>
      <p className="mt-3 text-stone-700 dark:text-stone-300">
        Sign in with your fingerprint, face or device PIN instead of your password.
      </p>
      {passkeys.isError && (
        <p role="alert" className="mt-3">
          Your passkeys could not be loaded: {passkeys.error.message}
        </p>
      )}
      {passkeys.data && passkeys.data.length === 0 && <p className="mt-3">You have no passkeys yet.</p>}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className="mt-4 divide-y divide-stone-300 dark:divide-stone-700">
          {passkeys.data.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              busy={remove.isPending && remove.variables === passkey.id}
              onRemove={() => remove.mutate(passkey.id)}
            />
          ))}
        </ul>
      )}
      {remove.isError && (
        <p role="alert" className="mt-3">
          The passkey was not removed: {remove.error.message}
        </p>
      )}
      {available === false && (
        <p className="mt-4">
          Passkeys need a browser that supports them, and the site opened by its host name (such as localhost), not an
          IP address.
        </p>
      )}
      {available && (
        <form onSubmit={submit} noValidate className="mt-5 space-y-4">
          <FormField id="passkey-name" label="Passkey name" hint="Such as Work laptop or My phone" error={nameError}>
            {(aria) => <input id="passkey-name" name="name" maxLength={60} {...aria} className={`${textInput} mt-1`} />}
          </FormField>
          <button type="submit" disabled={add.isPending} className={primaryButton}>
            {add.isPending ? "Waiting for your device…" : "Add a passkey"}
          </button>
          <p role="status" className="text-sm">
            {add.isSuccess ? `Passkey “${add.data.name}” added.` : ""}
          </p>
          {add.isError && (
            <p role="alert" className="text-sm text-red-800 dark:text-red-300">
              {passkeyPromptMessage(add.error) ?? `The passkey was not added: ${add.error.message}`}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

function PasskeyItem({ passkey, busy, onRemove }: { passkey: OwnPasskey; busy: boolean; onRemove: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-semibold">{passkey.name}</p>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Added {when(passkey.createdAt)}
          {passkey.lastUsedAt ? ` · last used ${when(passkey.lastUsedAt)}` : " · not used yet"}
          {passkey.deviceType === "multiDevice" ? " · synced between your devices" : ""}
        </p>
      </div>
      <button type="button" className={secondaryButton} disabled={busy} onClick={onRemove}>
        {busy ? "Removing…" : "Remove"}
        <span className="sr-only"> the passkey {passkey.name}</span>
      </button>
    </li>
  );
}
