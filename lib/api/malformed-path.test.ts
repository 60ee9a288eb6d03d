import { describe, expect, it } from "vitest";
import { isMalformedPath } from "./malformed-path";

describe("isMalformedPath", () => {
  it.each(["/v1/pets/%", "/v1/pets/%zz", "/v1/pets/1%", "/v1/pets/%FF", "/v1/pets/%E0%A4", "/v1/%C0%AF"])(
    "finds %s undecodable",
    (path) => expect(isMalformedPath(path)).toBe(true),
  );

  it.each(["/v1/pets/1", "/v1/pets/%31", "/v1/pets/%C3%A9", "/v1/pets/%2F"])("decodes %s", (path) => {
    expect(isMalformedPath(path)).toBe(false);
  });
});
