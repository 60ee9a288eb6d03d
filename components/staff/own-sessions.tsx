"use client";

import { formatTime } from "@/lib/dates/format-time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { endOwnSession, listOwnSessions, signOutEverywhere, type OwnSession } from "@/lib/api-client/auth-api";
import { browserName } from "@/lib/people/browser-name";
import { panel, secondaryButton } from "@/components/ui/styles";
import { ConfirmDialog } from "./confirm-dialog";
import { forgetStaffKey } from "./staff-session";

const sessionKeys = { own: ["auth", "sessions"] as const };

const METHOD_WORDS: Record<string, string> = {
  password: "with a password",
  passkey: "with a passkey",
  invitation: "through an invitation link",
};

const when = (iso: string) => formatTime(iso);

/** The person's sessions, open ones first: sign one out, or every one (this browser included). */
export function OwnSessions() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const sessions = useQuery({ queryKey: sessionKeys.own, queryFn: listOwnSessions });
  const [confirming, setConfirming] = useState(false);
  const endOne = useMutation({
    mutationFn: endOwnSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.own }),
  });
  const endAll = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => {
      queryClient.clear();
      forgetStaffKey({ everywhere: true });
      router.push("/staff");
    },
  });
  const open = (sessions.data ?? []).filter((session) => !session.endedAt);

  return (
    <section aria-labelledby="sessions-heading" className={panel}>
      <h2 id="sessions-heading" className="text-xl font-semibold">
        Where you are signed in
      </h2>
      {sessions.isPending && <p className="mt-3">Loading your sessions…</p>}
      {sessions.isError && (
        <p role="alert" className="mt-3">
          Your sessions could not be loaded: {sessions.error.message}
        </p>
      )}
      {open.length > 0 && (
        <ul className="mt-4 divide-y divide-stone-300 dark:divide-stone-700">
          {open.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              busy={endOne.isPending && endOne.variables === session.id}
              onEnd={() => endOne.mutate(session.id)}
            />
          ))}
        </ul>
      )}
      {endOne.isError && (
        <p role="alert" className="mt-3">
          That session could not be signed out: {endOne.error.message}
        </p>
      )}
      <button type="button" className={`${secondaryButton} mt-5`} onClick={() => setConfirming(true)}>
        Sign out everywhere
      </button>
      {endAll.isError && (
        <p role="alert" className="mt-3">
          Not signed out: {endAll.error.message}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        keepLabel="Stay signed in"
        onConfirm={() => endAll.mutate()}
        onClose={() => setConfirming(false)}
      >
        Every browser signed in to your account, this one included, is signed out at once.
      </ConfirmDialog>
    </section>
  );
}

function SessionItem({ session, busy, onEnd }: { session: OwnSession; busy: boolean; onEnd: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-semibold">
          <span title={session.userAgent}>{browserName(session.userAgent)}</span>
          {session.current && <span className="ml-2 font-normal text-teal-800 dark:text-teal-300">(this browser)</span>}
        </p>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Signed in {METHOD_WORDS[session.method] ?? ""} on {when(session.createdAt)} · last used{" "}
          {when(session.lastSeenAt)}
          {session.endsAt ? ` · ends ${when(session.endsAt)} unless used` : ""}
        </p>
      </div>
      {!session.current && (
        <button type="button" className={secondaryButton} disabled={busy} onClick={onEnd}>
          {busy ? "Signing out…" : "Sign out"}
          <span className="sr-only"> the session signed in on {when(session.createdAt)}</span>
        </button>
      )}
    </li>
  );
}
