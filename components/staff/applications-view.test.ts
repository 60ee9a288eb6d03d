import { describe, expect, it } from "vitest";
import { applicationsViewHref, parseApplicationsView } from "./applications-view";

const parse = (query: string) => parseApplicationsView(new URLSearchParams(query));

describe("the Applications view in the URL", () => {
  it("opens on new applications, and reads every filter back from the link it makes", () => {
    expect(parse("")).toEqual({ state: "submitted" });
    expect(applicationsViewHref(parse(""))).toBe("/staff/applications");
    for (const view of [
      { state: "in_review" as const, petId: 42, olderThanDays: 7 as const },
      { state: undefined, olderThanDays: 30 as const },
      { state: "declined" as const },
    ]) {
      expect(parse(applicationsViewHref(view).split("?")[1] ?? "")).toEqual(view);
    }
  });

  it("falls back to the defaults on values it does not know", () => {
    expect(parse("state=lost&petId=-3&olderThanDays=8")).toEqual({ state: "submitted" });
    expect(parse("state=all&petId=1.5")).toEqual({ state: undefined });
  });
});
