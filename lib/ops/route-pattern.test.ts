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
  ["/v1/pets/1/photos/ph_2", "/v1/pets/{petId}/photos/{photoId}"],
  ["/v1/store/orders", "/v1/store/orders"],
  ["/v1/store/orders/9", "/v1/store/orders/{orderId}"],
  ["/v1/categories/3", "/v1/categories/{categoryId}"],
  ["/v1/applications/12/notes", "/v1/applications/{applicationId}/notes"],
  ["/v1/applications/personal-data/erase", "/v1/applications/personal-data/erase"],
  ["/v1/webhooks/whe_1/deliveries/del_2/redeliver", "/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver"],
  ["/v1/people/per_1/invitation", "/v1/people/{personId}/invitation"],
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
