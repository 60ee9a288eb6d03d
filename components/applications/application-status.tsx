import { ApplyNotice, LINK, wrapping } from "@/components/applications/apply-notice";
import { formatDay } from "@/lib/dates/format-time";
import { panel, primaryButton, secondaryButton } from "@/components/ui/styles";
import type { ApplicationStatus } from "@/lib/applications/adopter-desk";
import type { ApplicationState } from "@/lib/applications/states";

/** Each state as the adopter is told it. */
const STATE_IN_WORDS: Record<ApplicationState, { title: string; detail: string }> = {
  submitted: { title: "Received", detail: "The shelter has your application and will read it soon." },
  in_review: { title: "Being reviewed", detail: "Staff are reading your application; they may contact you." },
  approved: {
    title: "Approved",
    detail: "The shelter is holding the animal for you and will contact you to arrange the adoption.",
  },
  declined: { title: "Not successful", detail: "The shelter could not take this application further." },
  withdrawn: { title: "Withdrawn", detail: "This application has been withdrawn; the shelter will not act on it." },
};

/** Waiting while the animal is no longer available: closed for the adopter, as their mail said (docs/decisions/221). */
const animalGoneInWords = (petName: string) => ({
  title: "No longer available",
  detail: `${petName} is no longer available for adoption, so the shelter cannot take your application further.`,
});

type Props = {
  status: ApplicationStatus;
  /** The path of this page (the status link), which the withdraw forms post to. */
  path: string;
  /** Just sent: the confirmation's words above the status. */
  submitted: boolean;
  /** The adopter asked to withdraw: the confirming step. */
  confirmingWithdrawal: boolean;
  /** Why a withdrawal could not be made, in words. */
  problem: string | undefined;
  /** The reader's locale, from Accept-Language: dates as the rest of the site writes them (lib/dates/format-time.ts). */
  locale: string;
};

/** The adopter's private page for one application: its state in words, its dates, and withdrawing it. */
export function ApplicationStatusView({ status, path, submitted, confirmingWithdrawal, problem, locale }: Props) {
  // Days, not times: the server knows no reader's time zone, and a day in UTC is close enough.
  const day = (iso: string) => formatDay(iso, locale, "UTC");
  const petName = status.pet?.name ?? "the animal";
  const state = status.animalGone ? animalGoneInWords(petName) : STATE_IN_WORDS[status.state];
  return (
    <ApplyNotice
      title={
        submitted ? (
          <>
            Thank you: your application for <bdi>{petName}</bdi> is in
          </>
        ) : (
          <>
            Your application to adopt <bdi>{petName}</bdi>
          </>
        )
      }
    >
      {submitted ? (
        <>
          <p>
            Your reference is <strong className="font-mono">{status.reference}</strong>.
          </p>
          <p className="rounded-xl border-2 border-amber-600 bg-amber-50 p-4 text-stone-900 dark:border-amber-400 dark:bg-stone-900 dark:text-stone-100">
            {status.mailConfigured
              ? "We have e-mailed you this page's private link too. "
              : "We could not e-mail you: keep this link. "}
            This page&apos;s address is your private link to your application: bookmark it. Anyone who has it can see
            and withdraw your application, so keep it to yourself.
          </p>
        </>
      ) : null}
      <section aria-labelledby="application-state" className={`${panel} text-base`}>
        <h2 id="application-state" className="text-xl font-semibold text-stone-900 dark:text-stone-100">
          {state.title}
        </h2>
        <p className="mt-1">{state.detail}</p>
        <dl className="mt-4 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="font-semibold">Reference</dt>
          <dd className="font-mono">{status.reference}</dd>
          <dt className="font-semibold">Animal</dt>
          <dd>
            {status.pet ? (
              // The holder follows their animal under their own link: its public page says it is no
              // longer available, which is true for everyone else (docs/decisions/214).
              <a href={status.state === "approved" ? `${path}?animal` : `/pets/${status.pet.id}`} className={LINK}>
                <bdi>{status.pet.name}</bdi>
              </a>
            ) : (
              "No longer listed"
            )}
          </dd>
          <dt className="font-semibold">Sent</dt>
          <dd>{day(status.submittedAt)}</dd>
          {status.decidedAt ? (
            <>
              <dt className="font-semibold">Decided</dt>
              <dd>{day(status.decidedAt)}</dd>
            </>
          ) : (
            <>
              <dt className="font-semibold">Last change</dt>
              <dd>{day(status.updatedAt)}</dd>
            </>
          )}
        </dl>
      </section>
      {problem ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      {status.canWithdraw ? (
        confirmingWithdrawal ? (
          <section aria-labelledby="withdraw-title" className={`${panel} text-base`}>
            <h2 id="withdraw-title" className="text-xl font-semibold text-stone-900 dark:text-stone-100">
              Withdraw your application?
            </h2>
            <p className="mt-1">
              The shelter will stop considering it{status.state === "approved" ? ` and stop holding ${petName}` : ""}.
              You cannot undo this; you may apply again later while the animal is available.
            </p>
            <form method="post" action={path} className="mt-4 flex flex-wrap gap-3">
              <input type="hidden" name="intent" value="withdraw" />
              <button type="submit" className={wrapping(primaryButton)}>
                Yes, withdraw it
              </button>
              <a href={path} className={wrapping(secondaryButton)}>
                No, keep it
              </a>
            </form>
          </section>
        ) : (
          // A GET: asking changes nothing; the confirming step's form POSTs.
          <form method="get" action={path}>
            <input type="hidden" name="withdraw" value="ask" />
            <button type="submit" className={wrapping(secondaryButton)}>
              Withdraw my application
            </button>
          </form>
        )
      ) : null}
      <p>
        <a href="/" className={LINK}>
          See all the animals looking for a home
        </a>
      </p>
    </ApplyNotice>
  );
}
