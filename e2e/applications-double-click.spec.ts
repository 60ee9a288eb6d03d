import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "@/e2e/support/fixtures";
import { startOwnServer, type OwnServer } from "@/e2e/support/own-server";

// Issue 40 item 2 (docs/decisions/212): the adopters' form with JavaScript off, on a server of
// each story's own whose per-address limit is one application an hour, so that a form counted
// twice is refused at once.
test.use({ javaScriptEnabled: false, locale: "en-US" });
// Each story starts a server of its own.
test.describe.configure({ timeout: 180_000 });

const KEY = "double-click-story-key-3a9e51";
const authorization = { Authorization: `Bearer ${KEY}` };
let server: OwnServer;
let site = "";

test.beforeEach(async () => {
  server = await startOwnServer({ PETSTORE_API_KEYS: KEY, PETSTORE_APPLICATIONS_PER_ADDRESS: "1" });
  site = `http://127.0.0.1:${server.port}`;
});
test.afterEach(() => server?.stop());

async function addAnimal(request: APIRequestContext, name: string): Promise<number> {
  const created = await request.post(`${site}/v1/pets`, { headers: authorization, data: { name, categoryId: 1 } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function fillIn(page: Page, email: string): Promise<void> {
  await page.getByLabel("Your name").fill("Grace Twice");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Adults at home").fill("2");
  await page.getByRole("radio", { name: "A house" }).check();
  await page.getByRole("radio", { name: "We own it" }).check();
  await page.getByRole("radio", { name: "A garden of our own" }).check();
  await page.getByLabel("Hours alone on a usual day").fill("3");
  await page.getByLabel("Why this animal").fill("She chose us at the open day.");
  await page.getByRole("checkbox", { name: /The shelter may contact me/ }).check();
}

test("a double-click on Send my application, both posts taken by the server, ends on the one application's confirmation", async ({
  page,
  request,
}) => {
  const name = "Double-click dog";
  const petId = await addAnimal(request, name);
  await page.goto(`${site}/pets/${petId}/apply`);
  await fillIn(page, "grace.twice@example.org");

  // The first post reaches the server, which takes it, but its answer is slow to come back
  // (a phone's network): the adopter clicks again and the browser sends the form a second
  // time, giving up on the first. Chromium drops a first post still unsent when the second
  // click comes, so the first is sent here on the browser's behalf, exactly as it was made.
  let posts = 0;
  let firstTaken: () => void = () => {};
  let secondSent: () => void = () => {};
  const taken = new Promise<void>((resolve) => (firstTaken = resolve));
  const second = new Promise<void>((resolve) => (secondSent = resolve));
  let firstStatus = 0;
  await page.route(`${site}/pets/${petId}/apply`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts += 1;
    if (posts > 1) {
      secondSent();
      return route.continue();
    }
    // Sec-Fetch-Site is added below what Playwright reports of a request; the browser sent it.
    const headers = { ...(await route.request().allHeaders()), "sec-fetch-site": "same-origin" };
    const answer = await route.fetch({ headers, maxRedirects: 0 });
    firstStatus = answer.status();
    firstTaken();
    await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    await route.fulfill({ response: answer }).catch(() => undefined); // the browser has stopped waiting for it
  });
  // Clicked where the button is, twice: while a post is on its way, the page is not queried.
  const send = await page.getByRole("button", { name: "Send my application" }).boundingBox();
  const [x, y] = [send!.x + send!.width / 2, send!.y + send!.height / 2];
  await page.mouse.click(x, y);
  await taken;
  expect(firstStatus, "the first post was taken").toBe(303);
  await page.mouse.click(x, y);

  await expect(
    page.getByRole("heading", { level: 1, name: `Thank you: your application for ${name} is in` }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/applications\/[A-Za-z0-9_-]{43}\?submitted$/);
  expect(posts).toBe(2);
  const applications = await request.get(`${site}/v1/applications?petId=${petId}`, { headers: authorization });
  expect(await applications.json()).toHaveLength(1);
});

test("a refusal (the address's limit reached) keeps the typed answers", async ({ page, request }) => {
  const first = await addAnimal(request, "First choice cat");
  await page.goto(`${site}/pets/${first}/apply`);
  await fillIn(page, "grace.first@example.org");
  await page.getByRole("button", { name: "Send my application" }).click();
  await expect(page).toHaveURL(/\/applications\/[A-Za-z0-9_-]{43}\?submitted$/);

  const name = "Second choice cat";
  const other = await addAnimal(request, name);
  await page.goto(`${site}/pets/${other}/apply`);
  await fillIn(page, "grace.second@example.org");
  await page.getByLabel("Why this animal").fill("Typed with care: 4471.");
  await page.getByRole("button", { name: "Send my application" }).click();

  await expect(page).toHaveTitle(`Error: Apply to adopt ${name} · Pet Store`);
  await expect(page.getByRole("alert")).toContainText("Too many applications just now");
  await expect(page.getByRole("alert")).toContainText("your answers are kept below");
  await expect(page.getByLabel("Your name")).toHaveValue("Grace Twice");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("grace.second@example.org");
  await expect(page.getByRole("radio", { name: "We own it" })).toBeChecked();
  await expect(page.getByLabel("Why this animal")).toHaveValue("Typed with care: 4471.");
  await expect(page.getByRole("button", { name: "Send my application" })).toBeVisible();
});
