import type { GetServerSideProps, PageConfig } from "next";
import { PageHead } from "@/components/layout/page-head";
import { SITE_NAME, siteTitle } from "@/components/layout/site-metadata";
import { PublicStats } from "@/components/stats/public-stats";
import { getAdopterReads } from "@/lib/gallery/adopter-reads";
import { openGraphAddresses } from "@/lib/gallery/site-origin";
import { PUBLIC_STATS_CACHE_CONTROL } from "@/lib/stats/public-cache";
import { datasetJsonLd, scriptSafeJson, type PublicStatistics } from "@/lib/stats/public-dataset";

/** No framework in the browser: the HTML is the page (docs/decisions/107). */
export const config: PageConfig = { unstable_runtimeJS: false };

type StatsProps = { stats: PublicStatistics };

// Off (the default), /stats is the site's 404 like any unknown page (docs/decisions/268).
// Next's ETag is the page's hash, which a new record changes: its 304s need nothing more
// (the page carries no nonce; docs/decisions/269).
export const getServerSideProps: GetServerSideProps<StatsProps> = async ({ res }) => {
  const reads = await getAdopterReads();
  if (!reads.publicStatistics) return { notFound: true };
  res.setHeader("Cache-Control", PUBLIC_STATS_CACHE_CONTROL);
  return { props: { stats: await reads.publicStatistics() } };
};

const TITLE = siteTitle("The shelter's numbers");
const DESCRIPTION = `How many animals came into the ${SITE_NAME} shelter's care and how they left, month by month: live release rate, length of stay and Shelter Animals Count's Basic Data Matrix, with open data.`;

export default function StatsPage({ stats }: StatsProps) {
  return (
    <>
      <PageHead
        title={TITLE}
        description={DESCRIPTION}
        openGraph={{ title: TITLE, description: DESCRIPTION, ...openGraphAddresses(stats.origin, "/stats") }}
      />
      {/* A data block, not a script: the Content-Security-Policy runs no JSON-LD, so it needs no nonce. */}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: scriptSafeJson(datasetJsonLd(stats, SITE_NAME)) }}
      />
      <PublicStats stats={stats} />
    </>
  );
}
