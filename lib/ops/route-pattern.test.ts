import { expect, it } from "vitest";
import { routePatternOf } from "./route-pattern";

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
  ["/staff", "/staff"],
  ["/readyz", "/readyz"],
  ["/_next/static/chunks/a.js", "/_next/static"],
  ["/wp-login.php", "(other)"],
])("%s is logged as %s", (pathname, pattern) => {
  expect(routePatternOf(pathname)).toBe(pattern);
});
