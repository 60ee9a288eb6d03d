import { expect, test as setup } from "@playwright/test";
import { AVAILABLE_NAMES, LONG_NAMES, PENDING_NAMES, SOLD_NAMES, authorization } from "@/e2e/support/pets";

setup("seed pets of every status through the API", async ({ request }) => {
  const seeds = [
    ...AVAILABLE_NAMES.map((name, index) => ({ name, categoryId: (index % 4) + 1, status: "available" })),
    ...PENDING_NAMES.map((name) => ({ name, categoryId: 2, status: "pending" })),
    ...SOLD_NAMES.map((name) => ({ name, categoryId: 3, status: "sold" })),
    // Seeded last, so they are the newest: first in the gallery and the staff list.
    ...LONG_NAMES.map((name) => ({ name, categoryId: 4, status: "available" })),
  ];
  for (const pet of seeds) {
    const response = await request.post("/v1/pets", { data: pet, headers: authorization });
    expect(response.status(), await response.text()).toBe(201);
  }
});
