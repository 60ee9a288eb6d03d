import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, header, type ApiResponse } from "@/tests/api/support/api";
import { createPet } from "@/tests/api/support/pets";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_CATEGORIES, KNOWN_ANSWER_TIME_ZONE } from "@/lib/stats/known-answer-year";
import { periodStatistics } from "@/lib/stats/period-statistics";
import { periodOf } from "@/lib/stats/period";
import { matrixDocument } from "@/lib/stats/matrix-json";
import { RECORD_COLUMNS } from "@/lib/stats/records-csv";
import { SAC_MATRIX_COLUMNS } from "@/lib/stats/sac-matrix-csv";
import type { CategorySpecies } from "@/lib/animal-record/sac-species";

/*
 * The statistics over /v1 (issue 42) counted from the known-answer year
 * (lib/stats/known-answer-year.ts), recorded through /v1 as staff would: animals created with
 * the plain API (whose automatic "not recorded" intake, when the server makes one, is
 * corrected to the fixture's intake with a reason), intakes, returns, foster placements and
 * outcomes. Every cell, the live release rate and the lengths of stay must be the fixture's,
 * whose answers known-answer-year.test.ts checks against numbers worked out by hand; the
 * drill-down must list exactly the fixture's stays. The year's animals are in categories of
 * their own, and no other API test records stays in 2025.
 */

const marker = randomUUID().slice(0, 8);
const SERVER_TIME_ZONE = process.env.PETSTORE_TIME_ZONE ?? "UTC";

interface Stay {
  id: number;
  petId: number;
  intake: { at: string; type: string };
  outcome?: { at: string };
}

async function ok<T>(response: ApiResponse, status = 200): Promise<T> {
  expect(response.status, response.text).toBe(status);
  return response.json as T;
}

/** Store ids → the fixture's. */
const fixturePet = new Map<number, number>();
const fixtureStay = new Map<number, number>();

async function recordKnownAnswerYear(): Promise<void> {
  const categories = new Map<number, number>();
  for (const category of KNOWN_ANSWER_CATEGORIES) {
    const created = await ok<{ id: number }>(
      await api("/v1/categories", { json: { name: `${category.name} ${marker}` } }),
      201,
    );
    categories.set(category.id, created.id);
    await ok(await api(`/v1/categories/${created.id}/species`, { method: "PUT", json: { species: category.species } }));
  }
  for (const animal of KNOWN_ANSWER_ANIMALS) {
    const pet = await createPet({
      name: `Known ${animal.petId} ${marker}`,
      categoryId: categories.get(animal.categoryId),
      ...(animal.birthDate ? { birthDate: animal.birthDate } : {}),
    });
    fixturePet.set(pet.id, animal.petId);
    const automatic = (await ok<Stay[]>(await api(`/v1/pets/${pet.id}/stays`))).find((stay) => !stay.outcome);
    for (const [index, stay] of animal.stays.entries()) {
      const { at, type, subtype, condition, sourceKind } = stay.intake;
      const fields = { at, type, ...(subtype ? { subtype } : {}), condition, sourceKind };
      let opened: Stay;
      if (index === 0 && automatic) {
        opened = await ok<Stay>(
          await api(`/v1/stays/${automatic.id}/intake`, {
            method: "PATCH",
            contentType: "application/merge-patch+json",
            // A merge patch: the automatic intake's "not recorded" subtype goes unless the fixture has one.
            json: { ...fields, subtype: subtype ?? null, reason: "Recorded on paper at intake; entered now" },
          }),
        );
      } else if (type === "returned_adoption") {
        opened = await ok<Stay>(await api(`/v1/pets/${pet.id}/returns`, { json: { at, condition } }), 201);
      } else {
        opened = await ok<Stay>(await api(`/v1/pets/${pet.id}/stays`, { json: fields }), 201);
      }
      fixtureStay.set(opened.id, stay.id);
      for (const { from, until } of stay.placements) {
        const placement = { from, ...(until ? { until } : {}), personal: { carer: { name: `Carla ${marker}` } } };
        await ok(await api(`/v1/pets/${pet.id}/placements`, { json: placement }), 201);
      }
      if (stay.outcome) await ok(await api(`/v1/stays/${opened.id}/outcome`, { json: stay.outcome }));
    }
  }
}

/** The fixture's own answers for a period, in the shelter's zone as the server counts. */
const fixtureFigures = (period: string) =>
  periodStatistics(
    KNOWN_ANSWER_ANIMALS,
    new Map(KNOWN_ANSWER_CATEGORIES.map((category) => [category.id, category.species])) as CategorySpecies,
    periodOf(period),
    SERVER_TIME_ZONE,
  );

interface Member {
  petId: number;
  stayId: number;
  petName: string;
}
const asFixture = (members: Member[]) =>
  members.map((member) => ({ petId: fixturePet.get(member.petId), stayId: fixtureStay.get(member.stayId) }));

describe("/v1 stats: the known-answer year", () => {
  beforeAll(recordKnownAnswerYear, 120_000);

  it("counts every cell of the year's matrix, the live release rate and the lengths of stay as the fixture", async () => {
    const figures = await ok<Record<string, any>>(await api("/v1/stats?period=2025"));
    const expected = fixtureFigures("2025");
    expect(figures.matrix).toEqual({ ...matrixDocument(expected.matrix), timeZone: SERVER_TIME_ZONE });
    expect(figures.liveReleaseRate.formula).toBe("live outcomes ÷ (all outcomes − owner-intended euthanasia)");
    expect(figures.liveReleaseRate.figures).toEqual(expected.liveReleaseRates);
    expect(figures.lengthOfStay.figures).toEqual(
      expected.lengthsOfStay.map(({ species, count, medianDays, percentile90Days, withheld }) => ({
        species,
        count,
        medianDays,
        percentile90Days,
        ...(withheld ? { withheld } : {}),
      })),
    );
    expect(figures.trend).toEqual(
      expected.trend.map((point) => ({
        month: point.month,
        intakes: point.intakes.length,
        outcomes: point.outcomes.length,
      })),
    );
    if (SERVER_TIME_ZONE === KNOWN_ANSWER_TIME_ZONE) {
      expect(figures.liveReleaseRate.figures[0]).toMatchObject({ live: 9, counted: 12, rate: 0.75 });
      expect(figures.lengthOfStay.figures[0]).toMatchObject({ count: 13, medianDays: 16.42 });
    }
  });

  it("drills down from a cell, a total, the rate and a trend point to exactly the fixture's stays", async () => {
    const expected = fixtureFigures("2025");
    for (const cell of expected.matrix.cells.values()) {
      const answer = await ok<{ count: number; members: Member[] }>(
        await api(`/v1/stats/members?period=2025&cell=${encodeURIComponent(cell.key)}`),
      );
      expect(answer.count).toBe(cell.members.length);
      const sorted = (refs: { petId?: number; stayId?: number }[]) => [...refs].sort((a, b) => a.stayId! - b.stayId!);
      expect(sorted(asFixture(answer.members)), cell.key).toEqual(sorted(cell.members));
      for (const member of answer.members)
        expect(member.petName).toBe(`Known ${fixturePet.get(member.petId)} ${marker}`);
    }
    const counted = await ok<{ members: Member[] }>(
      await api("/v1/stats/members?period=2025&cell=live_release_rate/counted/all"),
    );
    expect(counted.members).toHaveLength(expected.liveReleaseRates[0]!.counted);
    const march = await ok<{ count: number }>(await api("/v1/stats/members?period=2025&cell=trend/2025-03/intakes"));
    expect(march.count).toBe(expected.trend.find((point) => point.month === "2025-03")!.intakes.length);
  });

  it("answers each month and quarter as the fixture does", async () => {
    for (const period of ["2025-01", "2025-09", "2025-12", "2025-Q1"]) {
      const figures = await ok<Record<string, any>>(await api(`/v1/stats?period=${period}`));
      expect(figures.matrix.tables, period).toEqual(matrixDocument(fixtureFigures(period).matrix).tables);
    }
  });

  it("exports the matrix in SAC's layout: a line per month and species", async () => {
    const response = await api("/v1/stats/matrix.csv?period=2025-Q1");
    expect(response.status, response.text).toBe(200);
    expect(header(response, "content-type")).toBe("text/csv; charset=utf-8");
    expect(header(response, "content-disposition")).toBe('attachment; filename="sac-matrix-2025-Q1.csv"');
    const [head, ...lines] = response.text.trimEnd().split("\r\n");
    expect(head!.split(",")).toEqual(SAC_MATRIX_COLUMNS.map((column) => column.header));
    const rows = lines.map((line) => line.split(","));
    for (const row of rows) expect(row).toHaveLength(SAC_MATRIX_COLUMNS.length);
    const months = new Set(rows.map((row) => row[0]));
    expect([...months].every((month) => ["2025-01", "2025-02", "2025-03"].includes(month!))).toBe(true);
  });

  it("streams every stay in care during the year, with how many up front, and never a name", async () => {
    const response = await api("/v1/stats/records.csv?period=2025");
    expect(response.status, response.text).toBe(200);
    expect(header(response, "content-disposition")).toBe('attachment; filename="records-2025.csv"');
    const [head, ...lines] = response.text.trimEnd().split("\r\n");
    expect(head!.split(",")).toEqual(RECORD_COLUMNS.map((column) => column.header));
    expect(lines).toHaveLength(Number(header(response, "x-record-count")));
    const ours = lines.map((line) => line.split(",")).filter((row) => fixturePet.has(Number(row[0])));
    // In care at some time in 2025: every stay of the year but the two of pet 116 (2024, 2026).
    expect(ours.map((row) => fixtureStay.get(Number(row[1]))).sort()).toEqual(
      KNOWN_ANSWER_ANIMALS.flatMap((animal) => animal.stays.map((stay) => stay.id))
        .filter((id) => id !== 1017 && id !== 1018)
        .sort(),
    );
    expect(response.text).not.toContain(marker);
  });

  it("refuses a period or a figure it does not know with a 400 naming the parameter", async () => {
    expect(expectError(await api("/v1/stats?period=2025-13"), 400, "invalid_query")).toContain("period");
    expectError(await api("/v1/stats"), 400, "invalid_query");
    expect(
      expectError(await api("/v1/stats/members?period=2025&cell=outcome/adopted/canine/adult"), 400, "invalid_query"),
    ).toContain("cell");
    expectError(await api("/v1/stats/records.csv?period=25"), 400, "invalid_query");
  });
});
