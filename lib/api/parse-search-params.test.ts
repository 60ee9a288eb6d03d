import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { parseListParams } from "./parse-search-params";

const parse = (query: string) => parseListParams(new URL(`http://x/v1/pets?${query}`));

function refusal(query: string): ApiError {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected ${query} to be refused`);
}

describe("parseListParams", () => {
  it("defaults limit to 20", () => {
    expect(parse("")).toEqual({ limit: 20 });
  });

  it("reads limit, status and cursor", () => {
    expect(parse("limit=100&status=sold&cursor=abc_-1")).toEqual({ limit: 100, status: "sold", cursor: "abc_-1" });
    expect(parse("limit=1")).toEqual({ limit: 1 });
  });

  it.each(["0", "101", "abc", "1.5", "1e1", "", " 5", "-1", "0x10", "00001"])("refuses limit=%j", (value) => {
    const error = refusal(`limit=${encodeURIComponent(value)}`);
    expect(error.status).toBe(400);
    expect(error.code).toBe("invalid_query");
    expect(error.details).toEqual([{ field: "limit", message: "must be an integer from 1 to 100" }]);
  });

  it.each(["", "AVAILABLE", "adopted"])("refuses status=%j", (value) => {
    expect(refusal(`status=${value}`).details?.[0]?.field).toBe("status");
  });

  it("refuses repeated parameters instead of picking one", () => {
    const error = refusal("limit=1&limit=2");
    expect(error.message).toBe("Invalid query: limit must be given at most once.");
  });

  it("refuses unknown parameters, naming them", () => {
    const error = refusal("stauts=sold&offset=5");
    expect(error.details).toEqual([
      { field: "stauts", message: "is not a known parameter" },
      { field: "offset", message: "is not a known parameter" },
    ]);
  });

  it("refuses a cursor that cannot have come from a Link header", () => {
    expect(refusal("cursor=a%20b").details?.[0]?.field).toBe("cursor");
    expect(refusal(`cursor=${"a".repeat(65)}`).details?.[0]?.field).toBe("cursor");
  });
});

describe("parsing request.url as it is, and remembering short queries", () => {
  it("reads the query of the URL string, as of a URL", () => {
    expect(parseListParams("http://x/v1/pets?limit=5&status=pending")).toEqual({ limit: 5, status: "pending" });
    expect(parseListParams("http://x/v1/pets")).toEqual({ limit: 20 });
    expect(parseListParams("http://x/v1/pets?")).toEqual({ limit: 20 });
  });

  it("answers a repeated query the same, frozen so no caller can change the next one's answer", () => {
    const first = parseListParams("http://x/v1/pets?limit=7");
    const again = parseListParams("http://y/v1/pets?limit=7");
    expect(again).toEqual({ limit: 7 });
    expect(Object.isFrozen(again)).toBe(true);
    expect(again).toBe(first);
  });

  it("refuses a bad query every time it is sent, never remembering it as good", () => {
    for (let attempt = 0; attempt < 3; attempt++) expect(refusal("limit=0").status).toBe(400);
  });

  it("keeps answering right after many different queries (the memo is bounded, not wrong)", () => {
    for (let limit = 1; limit <= 100; limit++) {
      for (const status of ["available", "pending", "sold"]) {
        expect(parseListParams(`http://x/v1/pets?limit=${limit}&status=${status}`)).toEqual({ limit, status });
      }
    }
  });
});
