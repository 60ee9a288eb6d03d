import { describe, expect, it } from "vitest";
import {
  AUDIT_METHODS,
  CATEGORIES_METHODS,
  CATEGORY_METHODS,
  OPENAPI_METHODS,
  ORDER_METHODS,
  ORDERS_METHODS,
  PET_METHODS,
  PETS_METHODS,
  PHOTO_METHODS,
  PHOTOS_METHODS,
  methodsServedAt,
} from "./v1-methods";

describe("methodsServedAt", () => {
  it.each<[string, readonly string[] | undefined]>([
    ["/v1/pets", PETS_METHODS],
    ["/v1/pets/", PETS_METHODS],
    ["/v1/pets/1", PET_METHODS],
    ["/v1/pets/abc/", PET_METHODS],
    ["/v1/openapi.json", OPENAPI_METHODS],
    ["/v1/openapi.json/", OPENAPI_METHODS],
    ["/v1/store/orders", ORDERS_METHODS],
    ["/v1/store/orders/", ORDERS_METHODS],
    ["/v1/store/orders/7", ORDER_METHODS],
    ["/v1/store/orders/7/", ORDER_METHODS],
    ["/v1/store/orders/7/x", undefined],
    ["/v1/store", undefined],
    ["/v1/store/nope", undefined],
    ["/v1/audit", AUDIT_METHODS],
    ["/v1/audit/x", undefined],
    ["/v1/categories", CATEGORIES_METHODS],
    ["/v1/categories/3", CATEGORY_METHODS],
    ["/v1/categories/3/x", undefined],
    ["/v1", undefined],
    ["/v1/", undefined],
    ["/v1/nope", undefined],
    ["/v1/PETS", undefined],
    ["/v1/pets/1/extra", undefined],
    ["/v1/pets/1/photos", PHOTOS_METHODS],
    ["/v1/pets/1/photos/", PHOTOS_METHODS],
    ["/v1/pets/1/photos/7", PHOTO_METHODS],
    ["/v1/pets/1/photos/7/x", undefined],
    ["/v1/pets/1/photos//", undefined],
    ["/v1/pets//photos", undefined],
    ["/v1/pets//", undefined],
    ["/v1/openapi.json/x", undefined],
    ["/v2/pets", undefined],
    ["/", undefined],
  ])("%s", (path, expected) => {
    expect(methodsServedAt(path)).toBe(expected);
  });
});
