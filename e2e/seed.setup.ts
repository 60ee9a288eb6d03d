import { expect, test as setup } from "@playwright/test";
import {
  AVAILABLE_NAMES,
  LONG_NAMES,
  NAMED_CATEGORY,
  NAMED_CATEGORY_PET,
  PENDING_NAMES,
  RTL_LONG_NAME,
  SOLD_NAMES,
  authorization,
} from "@/e2e/support/pets";

setup("seed pets of every status through the API", async ({ request }) => {
  const category = await request.post("/v1/categories", { data: NAMED_CATEGORY, headers: authorization });
  expect(category.status(), await category.text()).toBe(201);
  const seeds = [
    ...AVAILABLE_NAMES.map((name, index) => ({ name, categoryId: (index % 4) + 1, status: "available" })),
    ...PENDING_NAMES.map((name) => ({ name, categoryId: 2, status: "pending" })),
    ...SOLD_NAMES.map((name) => ({ name, categoryId: 3, status: "sold" })),
    { name: NAMED_CATEGORY_PET, categoryId: NAMED_CATEGORY.id, status: "available" },
    { name: RTL_LONG_NAME, categoryId: 4, status: "available" },
    // Seeded last, so they are the newest: first in the gallery and the staff list.
    ...LONG_NAMES.map((name) => ({ name, categoryId: 4, status: "available" })),
  ];
  for (const pet of seeds) {
    const response = await request.post("/v1/pets", { data: pet, headers: authorization });
    expect(response.status(), await response.text()).toBe(201);
  }
});
