import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { authorization } from "@/e2e/support/pets";

test("a developer follows getPet's deprecation link to its migration notes", async ({ page, request }) => {
  const answer = await request.get("/v1/pets/1", { headers: authorization });
  const notes = /<([^>]+)>; rel="deprecation"/.exec(answer.headers()["link"] ?? "")?.[1];
  expect(notes).toBe("/docs/deprecations#get-pet");

  await page.goto(notes!);
  await expect(page.getByRole("heading", { level: 1, name: "API deprecations" })).toBeVisible();
  const section = page.getByRole("region", { name: /getPet/ });
  await expect(section).toHaveAttribute("id", "get-pet");
  await expect(section).toContainText("5 December 2030");
  await expect(section).toContainText("GET /v1/pets");
  await expectNoAxeViolations(page);
});
