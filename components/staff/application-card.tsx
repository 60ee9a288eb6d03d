"use client";

import { Time } from "@/components/ui/time";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { Application } from "@/lib/applications/application-view";
import type { ApplicationState } from "@/lib/applications/states";
import { approvalOrderOptions, holderOptions } from "@/lib/react-query/application-queries";
import { staffPetOptions } from "@/lib/react-query/order-queries";
import { panel } from "@/components/ui/styles";
import { ApplicationActions } from "./application-actions";
import { ApplicationNotes } from "./application-notes";
import { answersInWords, SUSPECT_WORDS } from "./answer-words";
import { daysAgo } from "./format-time";
import type { Notice } from "./notice";

export const APPLICATION_STATE_LABELS: Record<ApplicationState, string> = {
  submitted: "Submitted",
  in_review: "In review",
  approved: "Approved",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

const muted = "text-sm text-stone-700 dark:text-stone-300";

/** One application in the queue: who, for which animal, where it stands, the answers, notes and actions. */
export function ApplicationCard({
  apiKey,
  application,
  canWrite,
  onNotice,
}: {
  apiKey: string;
  application: Application;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const headingId = useId();
  const pet = useQuery(staffPetOptions(apiKey, application.petId));
  const petName = pet.data?.name ?? `pet #${application.petId}`;
  const { reference, state, answers } = application;
  const waiting = state === "submitted" || state === "in_review";
  const holder = useQuery({ ...holderOptions(apiKey, application.petId), enabled: waiting });
  // A backup: another approved application holds the animal (and its order still does).
  const heldBy =
    holder.data && holder.data.id !== application.id && pet.data?.status !== "available" ? holder.data : null;
  // A completed adoption is past what an application can undo: it offers no action.
  const order = useQuery({ ...approvalOrderOptions(apiKey, application.orderId ?? 0), enabled: canOrder(application) });
  const adopted = order.data?.status === "delivered";

  return (
    <article aria-labelledby={headingId} className={panel}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold wrap-anywhere">
          {answers ? `${answers.name} for ${petName}` : `An erased application for ${petName}`}
        </h3>
        <p className="font-semibold">{APPLICATION_STATE_LABELS[state]}</p>
      </div>
      <p className={muted}>
        {reference} · received <Time iso={application.submittedAt} /> ({daysAgo(application.submittedAt)})
        {application.source === "staff" ? " · entered by staff" : ""}
        {pet.data ? ` · ${petName} is ${pet.data.status}` : ""}
      </p>

      {application.suspect.length > 0 ? (
        <p className="mt-3 rounded-lg border border-amber-700/40 bg-amber-50 p-3 text-amber-950 dark:border-amber-300/40 dark:bg-amber-950 dark:text-amber-50">
          <strong>Suspect:</strong> {application.suspect.map((reason) => SUSPECT_WORDS[reason]).join("; ")}. It is kept:
          read it before deciding.
        </p>
      ) : null}
      {heldBy ? (
        <p className="mt-3 rounded-lg border border-sky-700/40 bg-sky-50 p-3 text-sky-950 dark:border-sky-300/40 dark:bg-sky-950 dark:text-sky-50">
          <strong>Backup:</strong> {petName} is held by {heldBy.reference}. Approve this one if that adoption falls
          through.
        </p>
      ) : null}
      {application.applicantMail ? <ApplicantMailNotice mail={application.applicantMail} /> : null}
      {state === "approved" && application.orderId ? (
        <ApprovalOrder apiKey={apiKey} orderId={application.orderId} petName={petName} />
      ) : null}
      {application.declineReason ? (
        <p className="mt-3 wrap-anywhere">
          <strong>Declined because:</strong> {application.declineReason}
        </p>
      ) : null}

      {answers ? (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300">
            Answers<span className="sr-only"> of {reference}</span>
          </summary>
          <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(10rem,auto)_1fr]">
            {answersInWords(answers).map(({ question, answer }) => (
              <div key={question} className="contents">
                <dt className="font-semibold">{question}</dt>
                <dd className="whitespace-pre-line wrap-anywhere">{answer}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : application.erasedAt ? (
        <p className={`mt-3 ${muted}`}>
          Its personal data was erased on <Time iso={application.erasedAt} />.
        </p>
      ) : null}

      {answers ? <ApplicationNotes apiKey={apiKey} application={application} canWrite={canWrite} /> : null}
      {canWrite && !adopted ? (
        <div className="mt-4">
          <ApplicationActions
            apiKey={apiKey}
            application={application}
            petName={petName}
            backup={heldBy !== null}
            onNotice={onNotice}
          />
        </div>
      ) : null}
    </article>
  );
}

const canOrder = (application: Application) => application.state === "approved" && application.orderId !== undefined;

/**
 * Where an approval's order stands, and what is left: the approval was the decision, so the
 * order's steps are named for what they mean (docs/decisions/217), never "approve" again.
 */
function ApprovalOrder({ apiKey, orderId, petName }: { apiKey: string; orderId: number; petName: string }) {
  const order = useQuery(approvalOrderOptions(apiKey, orderId));
  const status = order.data?.status;
  return (
    <p className="mt-3">
      {status === "delivered"
        ? `Adopted: order #${orderId} is complete and ${petName} has gone home.`
        : status === "approved"
          ? `Order #${orderId} holds ${petName} for this adopter, ready to go home: complete the adoption when ${petName} leaves.`
          : `Order #${orderId} holds ${petName} for this adopter. Next, once the shelter's checks are done (a home visit, the fee), mark it ready to go home; then complete the adoption.`}
    </p>
  );
}

/** Mail to the applicant is failing: why, in words, and when it is tried again (docs/decisions/207). */
function ApplicantMailNotice({ mail }: { mail: NonNullable<Application["applicantMail"]> }) {
  return (
    <p className="mt-3 rounded-lg border border-red-700/40 bg-red-50 p-3 text-red-950 dark:border-red-300/40 dark:bg-red-950 dark:text-red-50">
      <strong>
        {mail.state === "failing" ? "Mail to the applicant is failing:" : "Mail to the applicant could not be sent:"}
      </strong>{" "}
      {mail.lastError}{" "}
      {mail.nextAttemptAt ? (
        <>
          Next try <Time iso={mail.nextAttemptAt} /> (attempt {mail.attempts + 1}).
        </>
      ) : mail.attempts > 0 ? (
        `Given up after ${mail.attempts} ${mail.attempts === 1 ? "attempt" : "attempts"}: contact them another way.`
      ) : null}
    </p>
  );
}
