import { expectNoAxeViolations } from "@/e2e/support/axe";
import { desktopOnly, expect, PHONE_TOO, test } from "@/e2e/support/fixtures";
import { encodeCursor } from "@/lib/paging/cursor";
import { AVAILABLE_NAMES, PENDING_NAMES, SOLD_NAMES, authorization } from "@/e2e/support/pets";
import { saveScreenshot } from "@/e2e/support/screenshot";

const GALLERY_PAGE_SIZE = 12;
const notAvailable = [...PENDING_NAMES, ...SOLD_NAMES];

test.describe("adopters", () => {
  test("an adopter sees only available animals and shows more", PHONE_TOO, async ({ page }, testInfo) => {
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
    await expect(animals.nth(GALLERY_PAGE_SIZE).getByRole("link")).toBeFocused();
    await expect(animals.filter({ hasNotText: "Available" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "gallery-more");
  });

  test(
    "the address keeps the pages shown: reload, Back and Forward show what it says",
    desktopOnly("history and the address behave alike at every width"),
    async ({ page }, testInfo) => {
      await page.goto("/");
      const animals = page.getByRole("list", { name: "Available animals" }).getByRole("listitem");
      await expect(animals).toHaveCount(GALLERY_PAGE_SIZE);
      await page.getByRole("button", { name: "Show more" }).press("Enter");
      await expect(page).toHaveURL("/?pages=2");
      await expect(animals.nth(GALLERY_PAGE_SIZE)).toBeVisible();
      const shown = await animals.count();

      await page.reload();
      await expect(animals).toHaveCount(shown);
      await expect(page.getByRole("heading", { name: AVAILABLE_NAMES[0] })).toBeVisible();

      await page.goto("/");
      await page.getByRole("button", { name: "Show more" }).click();
      await expect(page).toHaveURL("/?pages=2");
      await expect(animals).toHaveCount(shown);
      await page.goBack();
      await expect(page).toHaveURL("/");
      await expect(animals).toHaveCount(GALLERY_PAGE_SIZE);
      await page.goForward();
      await expect(page).toHaveURL("/?pages=2");
      await expect(animals).toHaveCount(shown);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, "gallery-pages-2");
    },
  );

  test("an adopter's visit does not fetch the staff console ahead of time", async ({ page }) => {
    const staffRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/staff")) staffRequests.push(request.url());
    });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Staff" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Staff" }).hover();
    await page.waitForTimeout(500);
    expect(staffRequests).toEqual([]);
  });

  test("the gallery reads well in dark mode too", PHONE_TOO, async ({ page }, testInfo) => {
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

    test("an adopter still sees the animals and can show more", PHONE_TOO, async ({ page }, testInfo) => {
      await page.goto("/");
      const animals = page.getByRole("list", { name: "Available animals" }).getByRole("listitem");
      await expect(animals).toHaveCount(GALLERY_PAGE_SIZE);
      for (const name of notAvailable) await expect(page.getByRole("heading", { name })).toHaveCount(0);

      await page.getByRole("button", { name: "Show more" }).click();
      // The same address as with JavaScript, opened at the first new animal.
      await expect(page).toHaveURL("/?pages=2#page-2");
      await expect(animals.nth(GALLERY_PAGE_SIZE)).toBeInViewport();
      await expect(page.getByRole("heading", { name: AVAILABLE_NAMES[0] })).toBeVisible();
      await expect(animals.filter({ hasNotText: "Available" })).toHaveCount(0);
      await saveScreenshot(page, testInfo, "gallery-no-js-more");
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

    // The older no-JavaScript "Show more" address (/?after=) sends the adopter to the newest animals, as for any stale link.
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
    // So does a mangled page count.
    for (const query of ["pages=0", "pages=abc", "pages=51", "pages=2&pages=3"]) {
      const answer = await request.get(`/?${query}`, { maxRedirects: 0 });
      expect({ status: answer.status(), location: answer.headers()["location"] }, query).toEqual({
        status: 307,
        location: "/",
      });
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
