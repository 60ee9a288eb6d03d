import type { GetServerSidePropsContext } from "next";
import { describe, expect, it, vi } from "vitest";
import { getAdopterReads, provideAdopterReads, publicStatsShown, type AdopterReads } from "@/lib/gallery/adopter-reads";

/*
 * PETSTORE_PUBLIC_STATS off (the default, lib/config.test.ts): /stats, /stats.csv and
 * /stats.json answer the site's 404 and read nothing. The API suites' servers run with it on
 * (tests/api/public-stats.test.ts); this proves the other side without a server of its own.
 */

vi.mock("@/lib/config", () => ({ config: { publicStats: false } }));
// Off, the figures must not even be read.
vi.mock("./public-statistics", () => ({
  publicStatsCsv: () => Promise.reject(new Error("read while off")),
  publicStatsJson: () => Promise.reject(new Error("read while off")),
}));

describe("the public statistics while off", () => {
  it("give no CSV or JSON answer, so their routes answer 404", async () => {
    const { publicStatsCsvAnswer, publicStatsJsonAnswer } = await import("./public-stats-api");
    const request = new Request("http://127.0.0.1/stats.csv");
    expect(await publicStatsCsvAnswer(request)).toBeUndefined();
    expect(await publicStatsJsonAnswer(request)).toBeUndefined();
  });

  it("make /stats the site's 404 and take the link out of the footer", async () => {
    // Start-up leaves the statistics out of the adopters' readers while off (lib/gallery/provide-adopter-reads.ts).
    provideAdopterReads({ siteOrigin: "http://127.0.0.1" } as AdopterReads);
    const { getServerSideProps } = await import("@/pages/stats");
    const context = { res: { setHeader: vi.fn() } } as unknown as GetServerSidePropsContext;
    expect(await getServerSideProps(context)).toEqual({ notFound: true });
    await getAdopterReads();
    expect(publicStatsShown()).toBe(false);
    // On, start-up hands the page its reader, and the footer links it.
    provideAdopterReads({ siteOrigin: "http://127.0.0.1", publicStatistics: vi.fn() } as unknown as AdopterReads);
    await getAdopterReads();
    expect(publicStatsShown()).toBe(true);
  }, 20_000); // the page's first import compiles its components
});
