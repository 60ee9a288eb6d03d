import type { GetServerSideProps, PageConfig } from "next";
import { LINK } from "@/components/applications/apply-notice";
import { PageHead } from "@/components/layout/page-head";
import { siteTitle } from "@/components/layout/site-metadata";
import { PasswordSignInFields, SetupNeededNote } from "@/components/staff/password-sign-in-fields";
import { panel } from "@/components/ui/styles";
import { setPrivatePageHeaders } from "@/lib/applications/page-headers";
import { FormTooLargeError, readFormBody } from "@/lib/applications/read-form-body";
import { pageRequestOf } from "@/lib/people/page-request";
import { getSignInDesk } from "@/lib/people/sign-in-desk";

/** No framework in the browser: a plain form that works with JavaScript off (docs/decisions/224). */
export const config: PageConfig = { unstable_runtimeJS: false };

type SignInPageProps =
  | { kind: "form"; email: string; error: string | null; setupNeeded: boolean }
  | { kind: "cross_site" }
  | { kind: "too_large" };

/**
 * The staff console's sign-in as a plain form (docs/decisions/224). `/staff` renders the same
 * form and the browser posts it here until the console's script runs, or always without
 * JavaScript. POST: signed in, a 303 to `/staff` with the session's cookies; refused, the form
 * again with the reason and the e-mail typed (401, 422, 429 or 503, as the JSON sign-in would
 * refuse), or a page in words for a form from another site (403) or too large (413). GET: the
 * form, empty.
 */
export const getServerSideProps: GetServerSideProps<SignInPageProps> = async ({ req, res }) => {
  setPrivatePageHeaders(res);
  const desk = await getSignInDesk();
  if (req.method !== "POST") {
    return { props: { kind: "form", email: "", error: null, setupNeeded: await desk.setupNeeded() } };
  }
  let fields;
  try {
    fields = await readFormBody(req);
  } catch (error) {
    if (!(error instanceof FormTooLargeError)) throw error;
    res.statusCode = 413;
    return { props: { kind: "too_large" } };
  }
  const outcome = await desk.signIn(pageRequestOf(req, "/staff/sign-in"), fields);
  switch (outcome.kind) {
    case "signed_in":
      res.setHeader("Set-Cookie", outcome.cookies);
      return { redirect: { destination: "/staff", statusCode: 303 } };
    case "cross_site":
      res.statusCode = 403;
      return { props: outcome };
    case "refused":
      res.statusCode = outcome.status;
      if (outcome.retryAfter) res.setHeader("Retry-After", outcome.retryAfter);
      return {
        props: { kind: "form", email: outcome.email, error: outcome.message, setupNeeded: await desk.setupNeeded() },
      };
  }
};

export default function SignInPage(props: SignInPageProps) {
  switch (props.kind) {
    case "form":
      return <FormPage {...props} />;
    case "cross_site":
      return (
        <Words title="This form was sent from another site">
          For your safety the staff console only takes a sign-in sent from its own pages. Open the staff console here
          and sign in from there.
        </Words>
      );
    case "too_large":
      return <Words title="This sign-in is too long">No e-mail or password is this long. Please try again.</Words>;
  }
}

function FormPage({ email, error, setupNeeded }: Extract<SignInPageProps, { kind: "form" }>) {
  return (
    <>
      <Head title={`${error ? "Error: " : ""}Sign in to the staff console`} />
      <h1 className="mb-8 text-3xl font-bold tracking-tight sm:text-4xl">Sign in to the staff console</h1>
      <section aria-labelledby="sign-in-heading" className={`${panel} max-w-lg`}>
        <h2 id="sign-in-heading" className="text-xl font-semibold">
          Sign in
        </h2>
        <p className="mt-3 text-stone-700 dark:text-stone-300">
          With the staff account an admin invited you to. Forgot your password? Ask an admin for a new link.
        </p>
        {setupNeeded && <SetupNeededNote />}
        <PasswordSignInFields email={email} error={error} />
        <p className="mt-6 border-t border-stone-300 pt-4 text-stone-700 dark:border-stone-700 dark:text-stone-300">
          A passkey or an API key signs in from{" "}
          <a href="/staff" className={LINK}>
            the staff console
          </a>
          , with JavaScript on.
        </p>
      </section>
    </>
  );
}

function Words({ title, children }: { title: string; children: string }) {
  return (
    <>
      <Head title={title} />
      <article className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">{children}</p>
        <p className="mt-3 text-lg">
          <a href="/staff" className={LINK}>
            Open the staff console
          </a>
        </p>
      </article>
    </>
  );
}

function Head({ title }: { title: string }) {
  return (
    <PageHead title={siteTitle(title)} description="Shelter staff sign in to the staff console." robots="noindex" />
  );
}
