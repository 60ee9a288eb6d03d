import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { encodeCursor } from "@/lib/paging/cursor";
import { AVAILABLE_NAMES, PENDING_NAMES, SOLD_NAMES, authorization } from "@/e2e/support/pets";
import { saveScreenshot } from "@/e2e/support/screenshot";

const GALLERY_PAGE_SIZE = 12;
const notAvailable = [...PENDING_NAMES, ...SOLD_NAMES];

test.describe("adopters", () => {
  test("an adopter sees only available animals and shows more", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/available for adoption/i);
    await expect(page.getByRole("heading", { level: 1, name: "Animals looking for a home" })).toBeVisible();

    const animals = page.getByRole("list", { name: "Available animals" }).getByRole("listitem");
    await expect(animals).toHaveCount(GALLERY_PAGE_SIZE);
    await expect(animals.filter({ hasText: "Available" })).toHaveCount(GALLERY_PAGE_SIZE);
    for (const name of notAvailable) await expect(page.getByRole("heading", { name })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "OpenAPI document" })).toHaveAttribute("href", "/v1/openapi.json");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "gallery");

    await page.getByRole("button", { name: "Show more" }).click();
    // The oldest animal was seeded first, so it only appears once more are shown.
    await expect(page.getByRole("heading", { name: AVAILABLE_NAMES[0] })).toBeVisible();
    await expect(animals.nth(GALLERY_PAGE_SIZE)).toBeVisible();
    // Focus moves to the first animal that was added, not back to the top.
    await expect(animals.nth(GALLERY_PAGE_SIZE).getByRole("heading")).toBeFocused();
    await expect(animals.filter({ hasNotText: "Available" })).toHaveCount(0);
    await expect(page).toHaveURL("/"); // appended in place, no navigation
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "gallery-more");
  });

  test("the gallery reads well in dark mode too", async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.getByRole("list", { name: "Available animals" }).getByRole("listitem")).toHaveCount(
      GALLERY_PAGE_SIZE,
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "gallery-dark");
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("an adopter still sees the animals and can show more", async ({ page }, testInfo) => {
      await page.goto("/");
      const animals = page.getByRole("list", { name: "Available animals" }).getByRole("listitem");
      await expect(animals).toHaveCount(GALLERY_PAGE_SIZE);
      for (const name of notAvailable) await expect(page.getByRole("heading", { name })).toHaveCount(0);

      await page.getByRole("button", { name: "Show more" }).click();
      await expect(page).toHaveURL(/\/\?after=[A-Za-z0-9_-]+$/);
      await expect(page.getByRole("heading", { level: 1, name: "More animals looking for a home" })).toBeVisible();
      await expect(page.getByRole("heading", { name: AVAILABLE_NAMES[0] })).toBeVisible();
      await expect(animals.filter({ hasNotText: "Available" })).toHaveCount(0);
      await saveScreenshot(page, testInfo, "gallery-no-js-more");

      await page.getByRole("link", { name: "Back to the newest arrivals" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Animals looking for a home" })).toBeVisible();
    });
  });

  test("pages carry a strict Content-Security-Policy; the API does not pay for it", async ({ request }) => {
    const page = await request.get("/");
    const csp = page.headers()["content-security-policy"] ?? "";
    for (const directive of [
      "default-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(page.headers()["x-content-type-options"]).toBe("nosniff");
    expect(page.headers()["referrer-policy"]).toBe("no-referrer");

    const api = await request.get("/v1/openapi.json");
    expect(api.headers()["content-security-policy"]).toBeUndefined();
  });

  test("a link that pages past a sold or pending animal tells the adopter nothing about it", async ({
    page,
    request,
  }, testInfo) => {
    // Cursors the API issued while listing sold and pending animals: each names one of them.
    const foreign: string[] = [];
    for (const status of ["sold", "pending"]) {
      const listing = await request.get(`/v1/pets?status=${status}&limit=1`, { headers: authorization });
      const link = listing.headers()["link"] ?? "";
      foreign.push(new URL(/<([^>]+)>/.exec(link)![1]!, "http://x").searchParams.get("cursor")!);
    }
    const unknown = encodeCursor(987_654_321, "available");

    // The gallery route answers exactly as for a cursor naming no animal at all.
    const unknownAnswer = await request.get(`/gallery/pets?cursor=${unknown}`);
    expect(unknownAnswer.status()).toBe(400);
    for (const cursor of foreign) {
      const answer = await request.get(`/gallery/pets?cursor=${cursor}`);
      expect(answer.status()).toBe(unknownAnswer.status());
      expect(await answer.json()).toEqual(await unknownAnswer.json());
    }

    // The no-JavaScript "Show more" address sends the adopter to the newest animals, as for any stale link.
    for (const cursor of [...foreign, unknown]) {
      const answer = await request.get(`/?after=${cursor}`, { maxRedirects: 0 });
      expect({ status: answer.status(), location: answer.headers()["location"] }).toEqual({
        status: 307,
        location: "/",
      });
      await page.goto(`/?after=${cursor}`);
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1, name: "Animals looking for a home" })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "gallery-stale-link");
  });

  test("the public gallery route serves available pets only and refuses bad input as JSON", async ({ request }) => {
    const first = await request.get("/gallery/pets");
    expect(first.status()).toBe(200);
    const body = (await first.json()) as { pets: { status: string }[]; nextCursor: string | null };
    expect(body.pets).toHaveLength(GALLERY_PAGE_SIZE);
    expect(body.pets.every((pet) => pet.status === "available")).toBe(true);
    expect(body.nextCursor).toEqual(expect.any(String));

    const next = await request.get(`/gallery/pets?cursor=${body.nextCursor}`);
    expect(((await next.json()) as { pets: unknown[] }).pets.length).toBeGreaterThan(0);

    for (const query of ["?cursor=%21%21", "?status=sold", "?cursor=bm9wZQ"]) {
      const bad = await request.get(`/gallery/pets${query}`);
      expect(bad.status(), query).toBe(400);
      expect(await bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String), status: 400 });
    }
  });
});
