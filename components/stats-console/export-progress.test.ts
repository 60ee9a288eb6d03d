import { describe, expect, it } from "vitest";
import {
  countLineEnds,
  fileNameOf,
  progressValue,
  progressWords,
  recordCountOf,
  recordsReceived,
} from "./export-progress";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("the records export's progress", () => {
  it("counts records by line ends as chunks arrive, the header not counted", () => {
    const chunks = ["petId,stayId\r\n1,10\r", "\n2,11\r\n3,", "12\r\n"].map(bytes);
    const afterEach = chunks.reduce<number[]>(
      (seen, chunk) => [...seen, (seen.at(-1) ?? 0) + countLineEnds(chunk)],
      [],
    );
    expect(afterEach.map(recordsReceived)).toEqual([0, 2, 3]);
    expect(recordsReceived(0)).toBe(0);
  });

  it("reads X-Record-Count, or nothing from a missing or odd header", () => {
    expect(recordCountOf("5000")).toBe(5000);
    expect(recordCountOf(" 0 ")).toBe(0);
    expect(recordCountOf(null)).toBeUndefined();
    expect(recordCountOf("-1")).toBeUndefined();
    expect(recordCountOf("12abc")).toBeUndefined();
  });

  it("says how far it is in words, never past the total", () => {
    expect(progressWords({ received: 1200, total: 5000 })).toBe("1,200 of 5,000 records (24%)");
    expect(progressWords({ received: 1, total: 3 })).toBe("1 of 3 records (33%)");
    expect(progressWords({ received: 7, total: 5 })).toBe("5 of 5 records (100%)");
    expect(progressWords({ received: 0, total: 0 })).toBe("No records in this period");
    expect(progressWords({ received: 1 })).toBe("1 record so far");
    expect(progressValue({ received: 7, total: 5 })).toBe(5);
    expect(progressValue({ received: 7 })).toBeUndefined();
  });

  it("names the file as the server does, or by the fallback", () => {
    expect(fileNameOf('attachment; filename="records-2025-Q3.csv"', "x.csv")).toBe("records-2025-Q3.csv");
    expect(fileNameOf(null, "records-2025.csv")).toBe("records-2025.csv");
    expect(fileNameOf('attachment; filename="../evil.csv"', "safe.csv")).toBe("safe.csv");
  });
});
