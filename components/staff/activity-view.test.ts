import { describe, expect, it } from "vitest";
import { activityViewHref, auditQueryOf, parseActivityView } from "./activity-view";

describe("the Activity view in the URL", () => {
  it("reads the filters back from the address it wrote, an animal's bare number meaning that animal", () => {
    const view = { actor: "api_key:a1b2", resource: "pet:42", type: "pet.", since: "2030-01-01", limit: 50 } as const;
    const href = activityViewHref(view);
    expect(href).toBe("/staff/activity?actor=api_key%3Aa1b2&resource=pet%3A42&type=pet.&since=2030-01-01&limit=50");
    expect(parseActivityView(new URL(href, "http://x").searchParams)).toEqual({ ...view, until: undefined });
    expect(parseActivityView(new URLSearchParams("resource=42")).resource).toBe("pet:42");
  });

  it("drops what the API would refuse instead of failing", () => {
    expect(parseActivityView(new URLSearchParams("actor=robot&resource=x&type=nope&since=soon&limit=7"))).toEqual({
      actor: undefined,
      resource: undefined,
      type: undefined,
      since: undefined,
      until: undefined,
      limit: 20,
    });
  });

  it("asks the API from the start of the first day to the end of the last", () => {
    const query = auditQueryOf({ since: "2030-01-01", until: "2030-01-01", limit: 20 });
    expect(Date.parse(String(query.until)) - Date.parse(String(query.since))).toBe(86_400_000);
    expect(query.since).toBe(new Date(2030, 0, 1).toISOString());
  });
});
