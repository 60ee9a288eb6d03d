import { expect, it } from "vitest";
import { routePatternOf, withoutSecrets } from "./route-pattern";

it.each([
  ["/v1/pets", "/v1/pets"],
  ["/v1/pets/", "/v1/pets"],
  ["/v1/pets/42", "/v1/pets/{petId}"],
  ["/v1/pets/not-a-number", "/v1/pets/{petId}"],
  ["/v1/openapi.json", "/v1/openapi.json"],
  ["/v1/secret-looking-path", "/v1 (unmatched)"],
  ["/v1/pets/1/2", "/v1 (unmatched)"],
  ["/", "/"],
  ["/pets/7", "/pets/[petId]"],
  ["/pets/7/apply", "/pets/[petId]/apply"],
  ["/applications/Zq3-secret-token_0123456789abcdefghijklmnopq", "/applications/[token]"],
  ["/staff", "/staff"],
  ["/readyz", "/readyz"],
  ["/_next/static/chunks/a.js", "/_next/static"],
  ["/wp-login.php", "(other)"],
])("%s is logged as %s", (pathname, pattern) => {
  expect(routePatternOf(pathname)).toBe(pattern);
});

it("keeps an adopter's status token out of any path it keeps", () => {
  const token = "Zq3-secret-token_0123456789abcdefghijklmnopq";
  expect(withoutSecrets(`/applications/${token}`)).toBe("/applications/[token]");
  expect(withoutSecrets(`/applications/${token}/`)).toBe("/applications/[token]/");
  expect(withoutSecrets(`/_next/data/b1d/applications/${token}.json`)).toBe(
    "/_next/data/b1d/applications/[token].json",
  );
  expect(withoutSecrets("/pets/7/apply")).toBe("/pets/7/apply");
});
