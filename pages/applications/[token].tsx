import type { GetServerSideProps, PageConfig } from "next";
import { ApplicationStatusView } from "@/components/applications/application-status";
import { ApplyNotice, LINK } from "@/components/applications/apply-notice";
import { PageHead } from "@/components/layout/page-head";
import { siteTitle } from "@/components/layout/site-metadata";
import { getAdopterDesk, type ApplicationStatus } from "@/lib/applications/adopter-desk";
import { setPrivatePageHeaders } from "@/lib/applications/page-headers";
import { FormTooLargeError, readFormBody } from "@/lib/applications/read-form-body";
import type { FormFields } from "@/lib/applications/form-input";
import { CLIENT_ADDRESS_HEADER } from "@/lib/rate-limit/client-address";
import { readerLocale } from "@/lib/dates/format-time";
import type { ShelterDetails } from "@/components/pets/how-to-adopt";
import { PetProfile } from "@/components/pets/pet-profile";
import { categoryLabel } from "@/lib/categories/schemas";
import { getAdopterReads } from "@/lib/gallery/adopter-reads";
import { todayOf } from "@/lib/pets/age-group";
import type { Pet } from "@/lib/pets/schemas";

/** No framework in the browser (docs/decisions/107): withdrawing works with JavaScript off. */
export const config: PageConfig = { unstable_runtimeJS: false };

type StatusPageProps =
  | {
      kind: "status";
      status: ApplicationStatus;
      path: string;
      submitted: boolean;
      confirmingWithdrawal: boolean;
      problem: string | null;
      locale: string;
    }
  | { kind: "cross_site" }
  /** `?animal` on an approved application: the animal it holds, reserved for this adopter. */
  | { kind: "held"; pet: Pet; categoryName: string; shelter: ShelterDetails; today: string; path: string };

/**
 * The adopter's status link, `/applications/{token}` (docs/decisions/195): the token is the
 * only key, so the page is never cached or indexed, its requests are logged by route pattern
 * only (lib/ops/route-pattern.ts), and it sends no Referer. POST `intent=withdraw` withdraws.
 */
export const getServerSideProps: GetServerSideProps<StatusPageProps, { token: string }> = async ({
  params,
  query,
  req,
  res,
}) => {
  setPrivatePageHeaders(res);
  const token = params?.token ?? "";
  const desk = await getAdopterDesk();
  const path = `/applications/${token}`;
  let problem: string | null = null;
  if (req.method === "POST") {
    const fields = await readFormBody(req).catch((error: unknown): FormFields => {
      if (error instanceof FormTooLargeError) return {};
      throw error;
    });
    if (fields.intent === "withdraw") {
      const outcome = await desk.withdrawApplication(token, {
        origin: header(req.headers.origin),
        fetchSite: header(req.headers["sec-fetch-site"]),
        address: header(req.headers[CLIENT_ADDRESS_HEADER]) || "unknown",
      });
      if (outcome.kind === "not_found") return { notFound: true };
      if (outcome.kind === "cross_site") {
        res.statusCode = 403;
        return { props: { kind: "cross_site" } };
      }
      if (outcome.kind === "withdrawn") return { redirect: { destination: path, statusCode: 303 } };
      res.statusCode = 409;
      problem = `Your application could not be withdrawn: ${outcome.message}.`;
    }
  }
  if (query.animal !== undefined && req.method !== "POST") {
    const pet = await desk.heldPet(token);
    if (pet) {
      const reads = await getAdopterReads();
      const categoryName = categoryLabel(pet.categoryId, new Map(await reads.listCategoryNames()));
      return {
        props: { kind: "held", pet, categoryName, shelter: reads.shelter, today: todayOf(Date.now()), path },
      };
    }
  }
  const status = await desk.applicationStatus(token);
  if (!status) return { notFound: true };
  return {
    props: {
      kind: "status",
      status,
      path,
      submitted: query.submitted !== undefined,
      confirmingWithdrawal: query.withdraw !== undefined && status.canWithdraw,
      problem,
      locale: readerLocale(header(req.headers["accept-language"])),
    },
  };
};

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default function ApplicationStatusPage(props: StatusPageProps) {
  if (props.kind === "cross_site") {
    return (
      <>
        <PageHead title={siteTitle("This form was sent from another site")} description="" robots="noindex" />
        <ApplyNotice title="This form was sent from another site">
          <p>For your safety, an application can only be withdrawn from its own page. Open your private link again.</p>
          <p>
            <a href="/" className={LINK}>
              See all the animals looking for a home
            </a>
          </p>
        </ApplyNotice>
      </>
    );
  }
  if (props.kind === "held") {
    const { pet } = props;
    return (
      <>
        <PageHead
          title={siteTitle(`${pet.name}, reserved for you`)}
          description="The animal your approved application holds."
          robots="noindex"
        />
        <PetProfile
          pet={pet}
          categoryName={props.categoryName}
          shelter={props.shelter}
          today={props.today}
          heldFor={{ applicationPath: props.path }}
        />
      </>
    );
  }
  const { status, submitted } = props;
  const name = status.pet?.name ?? "an animal";
  return (
    <>
      <PageHead
        title={siteTitle(submitted ? `Application sent: ${status.reference}` : `Your application for ${name}`)}
        description="The status of your adoption application."
        robots="noindex"
      />
      <ApplicationStatusView
        status={status}
        path={props.path}
        submitted={submitted}
        confirmingWithdrawal={props.confirmingWithdrawal}
        problem={props.problem ?? undefined}
        locale={props.locale}
      />
    </>
  );
}
