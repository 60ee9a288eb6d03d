import type { GetServerSideProps, PageConfig } from "next";
import { ApplicationForm } from "@/components/applications/application-form";
import { ApplyNotice, LINK } from "@/components/applications/apply-notice";
import { PageHead } from "@/components/layout/page-head";
import { siteTitle } from "@/components/layout/site-metadata";
import { NoLongerAvailable } from "@/components/pets/no-longer-available";
import { getAdopterDesk, type ApplyOutcome, type PetRef } from "@/lib/applications/adopter-desk";
import { setPrivatePageHeaders } from "@/lib/applications/page-headers";
import { FormTooLargeError, readFormBody } from "@/lib/applications/read-form-body";
import { categoryLabel } from "@/lib/categories/schemas";
import { getAdopterReads } from "@/lib/gallery/adopter-reads";
import { CLIENT_ADDRESS_HEADER } from "@/lib/rate-limit/client-address";
import type { Pet } from "@/lib/pets/schemas";
import type { ReactNode } from "react";

const REFUSAL =
  "mt-6 rounded-xl border-2 border-red-700 bg-red-50 p-4 text-base text-stone-900 dark:border-red-400 dark:bg-stone-900 dark:text-stone-100";

/** No framework in the browser: the form is plain HTML and works with JavaScript off (docs/decisions/195). */
export const config: PageConfig = { unstable_runtimeJS: false };

/** How many available animals of its category an animal that has gone suggests (as its own page does). */
const SIMILAR_ANIMALS = 3;

type ApplyPageProps =
  | Extract<ApplyOutcome, { kind: "form" | "duplicate" | "limited" | "cross_site" }>
  | { kind: "check_mail"; petId: number }
  | { kind: "unavailable"; name: string; similar: Pet[]; categoryName: string }
  | { kind: "too_large" };

/**
 * GET: the application form for an available animal. POST: the form sent; answered with the
 * form again and its errors (422), a 303 to the status link, or a page in words for an animal
 * that has gone (409), a second application (200), too many (429) or a cross-site form (403).
 * With mail configured, a new application and a second one alike are a 303 to `?sent`, the
 * same page for both: the rest is said by mail (docs/decisions/208).
 */
export const getServerSideProps: GetServerSideProps<ApplyPageProps, { id: string }> = async ({
  params,
  query,
  req,
  res,
}) => {
  setPrivatePageHeaders(res);
  const desk = await getAdopterDesk();
  const reads = await getAdopterReads();
  const petIdText = params?.id ?? "";
  let outcome: ApplyOutcome | undefined;
  if (req.method === "POST") {
    let fields;
    try {
      fields = await readFormBody(req);
    } catch (error) {
      if (!(error instanceof FormTooLargeError)) throw error;
      res.statusCode = 413;
      return { props: { kind: "too_large" } };
    }
    outcome = await desk.submitApplication(petIdText, {
      fields,
      origin: header(req.headers.origin),
      fetchSite: header(req.headers["sec-fetch-site"]),
      address: header(req.headers[CLIENT_ADDRESS_HEADER]) || "unknown",
    });
  } else if (query.sent !== undefined && /^[1-9][0-9]{0,15}$/.test(petIdText)) {
    // Whatever happened (new, or a second application): the page says only "see your e-mail".
    return { props: { kind: "check_mail", petId: Number(petIdText) } };
  } else {
    outcome = await desk.openApplication(petIdText);
  }
  if (!outcome) return { notFound: true };
  switch (outcome.kind) {
    case "submitted":
      return { redirect: { destination: `/applications/${outcome.token}?submitted`, statusCode: 303 } };
    case "sent":
      return { redirect: { destination: `/pets/${outcome.pet.id}/apply?sent`, statusCode: 303 } };
    case "unavailable": {
      if (req.method === "POST") res.statusCode = 409;
      const categoryName = categoryLabel(outcome.categoryId, new Map(await reads.listCategoryNames()));
      const similar = (await reads.listGalleryPages(1, outcome.categoryId)).pets.slice(0, SIMILAR_ANIMALS);
      return { props: { kind: "unavailable", name: outcome.name, similar, categoryName } };
    }
    case "form":
      if (Object.keys(outcome.errors).length > 0) res.statusCode = 422;
      return { props: outcome };
    case "limited":
      res.statusCode = 429;
      res.setHeader("Retry-After", String(outcome.retryAfterSeconds));
      return { props: outcome };
    case "cross_site":
      res.statusCode = 403;
      return { props: outcome };
    case "duplicate":
      return { props: outcome };
  }
};

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default function ApplyPage(props: ApplyPageProps) {
  switch (props.kind) {
    case "form":
      return <FormPage {...props} />;
    case "unavailable":
      return (
        <>
          <Head title={`${props.name} is no longer available`} />
          <NoLongerAvailable name={props.name} similar={props.similar} categoryName={props.categoryName} backHref="/" />
        </>
      );
    case "duplicate":
      return <Duplicate pet={props.pet} />;
    case "check_mail":
      return (
        <Notice title="Thank you: please check your e-mail">
          <p>
            We have sent a message to the address you gave. It has your application&apos;s reference and its private
            link, where you can see how it is going or withdraw it. If you had already applied for this animal with that
            address, it has the link to that application instead: we never take the same application twice.
          </p>
          <p>If nothing arrives within the hour, look in your spam folder, or contact the shelter.</p>
          <p>
            <a href={`/pets/${props.petId}`} className={LINK}>
              Back to the animal
            </a>
          </p>
        </Notice>
      );
    case "limited":
      // Refused for now: the form again, with what was typed, under the reason (docs/decisions/212).
      return (
        <FormPage {...props.form} refusal="Too many applications just now">
          <p>
            We have had several applications from your connection in a short time, so we cannot take another one just
            now. Please try again in {waitInWords(props.retryAfterSeconds)}: your answers are kept below. If you need to
            change an application, use the private link on its confirmation.
          </p>
        </FormPage>
      );
    case "cross_site":
      return (
        <Notice title="This form was sent from another site">
          <p>
            For your safety we only take applications sent from our own pages. Please open the animal&apos;s page here
            and apply from there.
          </p>
        </Notice>
      );
    case "too_large":
      return (
        <Notice title="This application is too long">
          <p>Please shorten your answers and send it again.</p>
        </Notice>
      );
  }
}

type FormPageProps = Extract<ApplyPageProps, { kind: "form" }> & {
  /** Why the form was refused as a whole (a limit), shown above it; the answers stay in it. */
  refusal?: string;
  children?: ReactNode;
};

function FormPage({ refusal, children, ...props }: FormPageProps) {
  const { pet, errors } = props;
  const failed = refusal !== undefined || Object.keys(errors).length > 0;
  return (
    <>
      <Head title={`${failed ? "Error: " : ""}Apply to adopt ${pet.name}`} />
      <article className="max-w-2xl wrap-anywhere">
        <p className="mb-6">
          <a href={`/pets/${pet.id}`} className={LINK}>
            Back to <bdi>{pet.name}</bdi>
          </a>
        </p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          Apply to adopt <bdi>{pet.name}</bdi>
        </h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Tell the shelter about you and your home. Staff read every application and will contact you. Your answers are
          seen by the shelter&apos;s staff only.
        </p>
        {refusal ? (
          <section role="alert" aria-labelledby="refusal-title" className={REFUSAL}>
            <h2 id="refusal-title" className="text-xl font-semibold">
              {refusal}
            </h2>
            {children}
          </section>
        ) : null}
        <ApplicationForm {...props} />
      </article>
    </>
  );
}

function Duplicate({ pet }: { pet: PetRef }) {
  return (
    <Notice
      title={
        <>
          You have already applied for <bdi>{pet.name}</bdi>
        </>
      }
      plainTitle={`You have already applied for ${pet.name}`}
    >
      <p>
        Thank you: an application for <bdi>{pet.name}</bdi> with this e-mail address is already with the shelter, so we
        have not made a second one.
      </p>
      <p>Use the private link on its confirmation to see how it is going or to withdraw it.</p>
      <p>
        <a href={`/pets/${pet.id}`} className={LINK}>
          Back to <bdi>{pet.name}</bdi>
        </a>
      </p>
    </Notice>
  );
}

function Notice({
  title,
  plainTitle,
  children,
}: {
  title: React.ReactNode;
  plainTitle?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <Head title={plainTitle ?? String(title)} />
      <ApplyNotice title={title}>
        {children}
        <p>
          <a href="/" className={LINK}>
            See all the animals looking for a home
          </a>
        </p>
      </ApplyNotice>
    </>
  );
}

function Head({ title }: { title: string }) {
  return (
    <PageHead
      title={siteTitle(title)}
      description="An application to adopt an animal from the Pet Store."
      robots="noindex"
    />
  );
}

function waitInWords(seconds: number): string {
  if (seconds < 120) return "a minute or two";
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}
