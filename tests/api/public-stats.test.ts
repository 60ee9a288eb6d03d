import { randomUUID } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { createPet } from "@/tests/api/support/pets";
import { publicPeriod } from "@/lib/stats/public-period";
import { SAC_MATRIX_COLUMNS } from "@/lib/stats/sac-matrix-csv";

/*
 * The public statistics (issue 42, docs/statistics.md "Public page and open data"): /stats,
 * /stats.csv and /stats.json, which the suites' servers turn on (PETSTORE_PUBLIC_STATS=on;
 * off is lib/stats/public-stats-gate.test.ts). Other files record stays too, so these tests
 * compare what their own animal changes, never absolute counts.
 */

const marker = randomUUID().slice(0, 8);
const NAME = `Publicus ${marker}`;
const period = publicPeriod(Date.now(), process.env.PETSTORE_TIME_ZONE ?? "UTC");
const lastMonth = period.months.at(-1)!;

type Answer = { status: number; headers: IncomingHttpHeaders; text: string };
/** A GET as a browser revalidating its cache sends it: node:http, since fetch adds `Cache-Control: no-cache` to a conditional request. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${inject("baseUrl")}${path}`, { headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      })
      .on("error", reject);
  });
}

const PATHS = ["/stats", "/stats.csv", "/stats.json"] as const;
const getAll = (etags: string[] = []) =>
  Promise.all(PATHS.map((path, index) => get(path, etags[index] ? { "if-none-match": etags[index] } : {})));

let stayId: number;

beforeAll(async () => {
  // An animal of this file's own, arrived in the period's last month (over its placeholder intake).
  const pet = await createPet({ name: NAME });
  const intake = { at: `${lastMonth}-10T12:00:00Z`, type: "stray", condition: "healthy", sourceKind: "unknown" };
  const opened = await api(`/v1/pets/${pet.id}/stays`, { json: intake });
  expect(opened.status, opened.text).toBe(200);
  stayId = opened.json.id;
});

describe("the public statistics", () => {
  it("answer the last 12 full months as a page, CSV and JSON, with no id or name", async () => {
    const [page, csv, json] = await getAll();
    for (const answer of [page, csv, json]) {
      expect(answer!.status).toBe(200);
      expect(answer!.headers["cache-control"]).toBe("public, no-cache");
      expect(answer!.headers["etag"]).toMatch(/^(W\/)?"/);
      // Nothing that identifies an animal or a person: its name, its ids, an id field.
      expect(answer!.text).not.toContain(marker);
      expect(answer!.text).not.toMatch(/petId|stayId|"id":\d/);
    }
    expect(page!.headers["content-type"]).toMatch(/^text\/html/);
    expect(csv!.headers["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
    expect(json!.headers["content-type"]).toMatch(/^application\/json/);
    expect(json!.headers["access-control-allow-origin"]).toBe("*");

    const figures = JSON.parse(json!.text);
    expect(figures.matrix.period).toMatchObject({ id: period.id, kind: "twelve_months", first: period.first });
    expect(figures.trend.map((point: { month: string }) => point.month)).toEqual(period.months);
    const lines = csv!.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(SAC_MATRIX_COLUMNS.map((column) => column.header).join(","));
    const months = new Set(lines.slice(1).map((line) => line.split(",")[0]));
    expect([...months].every((month) => period.months.includes(month!))).toBe(true);
    expect(months).toContain(lastMonth);

    // The schema.org Dataset description is valid JSON naming the period and both downloads.
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page!.text)?.[1];
    const dataset = JSON.parse(jsonLd ?? "null");
    expect(dataset).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Dataset",
      temporalCoverage: `${period.first}/${period.last}`,
      distribution: [
        { "@type": "DataDownload", encodingFormat: "text/csv", contentUrl: expect.stringMatching(/\/stats\.csv$/) },
        {
          "@type": "DataDownload",
          encodingFormat: "application/json",
          contentUrl: expect.stringMatching(/\/stats\.json$/),
        },
      ],
    });

    // Small counts: a withheld rate reads as its counts and the reason, never as a percentage.
    const rates = figures.liveReleaseRate.figures as { rate: number | null; withheld?: { code: string } }[];
    const shown = rates.filter((figure) => figure.rate !== null).length;
    expect(page!.text.match(/\d%</g) ?? []).toHaveLength(shown);
    const small = rates.filter((figure) => figure.withheld?.code === "small_count").length;
    expect(page!.text.match(/Not given: fewer than 10 outcomes counted/g) ?? []).toHaveLength(small);

    // The adopters' pages link the statistics while they are on.
    expect((await get("/")).text).toContain('href="/stats"');
  });

  it("change at once when a record is added, and answer 304 until then", async () => {
    const before = await getAll();
    const etags = before.map((answer) => String(answer.headers.etag ?? ""));
    expect((await getAll(etags)).map((answer) => answer.status)).toEqual([304, 304, 304]);

    const outcome = { at: `${lastMonth}-12T12:00:00Z`, type: "returned_to_owner" };
    const ended = await api(`/v1/stays/${stayId}/outcome`, { json: outcome });
    expect(ended.status, ended.text).toBe(200);

    const after = await getAll(etags);
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200]);
    after.forEach((answer, index) => expect(answer.headers["etag"]).not.toBe(etags[index]));
    const outcomesOf = (text: string) => JSON.parse(text).trend.at(-1).outcomes as number;
    expect(outcomesOf(after[2]!.text)).toBe(outcomesOf(before[2]!.text) + 1);
    expect(after[1]!.text).not.toBe(before[1]!.text);
    expect(after[0]!.text).not.toBe(before[0]!.text);
  });
});
