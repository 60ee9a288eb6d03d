import { describe, expect, it } from "vitest";
import { parseAuthorization } from "./parse-authorization";

describe("parseAuthorization", () => {
  it.each<[string, { scheme: string; credentials: string } | undefined]>([
    ["Bearer abc", { scheme: "Bearer", credentials: "abc" }],
    ["bearer \t abc", { scheme: "bearer", credentials: "abc" }],
    ["  Bearer abc \t ", { scheme: "Bearer", credentials: "abc" }],
    ["Bearer", { scheme: "Bearer", credentials: "" }],
    ["Bearer   ", { scheme: "Bearer", credentials: "" }],
    ["Bearer a b", { scheme: "Bearer", credentials: "a b" }],
    ["Basic dXNlcjpwYXNz", { scheme: "Basic", credentials: "dXNlcjpwYXNz" }],
    ["token-only", { scheme: "token-only", credentials: "" }],
    ["", undefined],
    [" \t ", undefined],
  ])("%j", (header, expected) => {
    expect(parseAuthorization(header)).toEqual(expected);
  });
});
