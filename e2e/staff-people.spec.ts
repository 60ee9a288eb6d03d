import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { startOwnServer, type OwnServer } from "@/e2e/support/own-server";
import { accept, invite, signIn } from "@/e2e/support/staff";

test("an admin adds a person, copies their link once, changes their role and deactivates them", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const suffix = randomUUID().slice(0, 8);
  const name = `Jo Volunteer ${suffix}`;
  const email = `jo-${suffix}@example.org`;
  await signIn(page);
  await page.getByRole("link", { name: "People" }).click();
  await expect(page.getByRole("heading", { name: "People", level: 1 })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("volunteer");
  await page.getByRole("button", { name: "Add person" }).click();
  const notice = page.getByRole("region", { name: `Sign-in link for ${name}` });
  await expect(notice).toContainText("Send this link to them yourself; it works for 7 days.");
  await expect(notice).toBeFocused();
  const link = notice.getByRole("textbox", { name: `Link for ${name}` });
  await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/staff\/welcome#invitation=[\w-]{40,}$/);
  await notice.getByRole("button", { name: "Copy link" }).click();
  await expect(notice.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  await expectNoAxeViolations(page);
  await notice.getByRole("button", { name: "Done" }).click();
  await expect(notice).toHaveCount(0);

  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Invited");
  await row.getByLabel(`Role of ${name}`).selectOption("staff");
  await row.getByRole("button", { name: `Change role of ${name}` }).click();
  await expect(page.getByText(`${name} is now staff.`)).toBeVisible();
  await expect(row.getByRole("button", { name: `Change role of ${name}` })).toHaveCount(0);

  await row.getByRole("button", { name: `Deactivate ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Deactivate ${name}?` });
  await expect(dialog).toContainText("signed out everywhere at once");
  await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(row).toContainText("Deactivated");
  await expect(row.getByRole("button", { name: `Reactivate ${name}` })).toBeVisible();
  await expect(row.getByRole("button", { name: `New invitation link for ${name}` })).toHaveCount(0);
});

test("a person choosing a common password is told why, and signs in with a better one", async ({ page, request }) => {
  const name = `Kim Staff ${randomUUID().slice(0, 8)}`;
  const link = await invite(request, "staff", name);
  await page.goto(link);
  await page.getByLabel("New password").fill("password1234");
  await page.getByLabel("The same password again").fill("password1234");
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page.getByText(/is one of the most common passwords/)).toBeVisible();
  await accept(page, link, name);
});

test.describe("a shelter's first admin", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({ PETSTORE_API_KEYS: "first-admin-story-key-5c81e0" });
  });
  test.afterAll(() => server?.stop());

  test("is told where the set-up link is, keeps every new person's link, and sees a spent link and a refused role said so", async ({
    page,
    browser,
  }) => {
    const site = `http://127.0.0.1:${server.port}`;
    await page.goto(`${site}/staff`);
    const hint = page.getByRole("note", { name: "No staff account exists yet" });
    await expect(hint).toContainText("npm run users -- setup-link");

    // The set-up link the server printed makes the first admin, once.
    const setupLink = new RegExp(`${site}/staff/welcome#setup=[\\w-]+`).exec(server.output())?.[0] ?? "";
    await page.goto(setupLink);
    await page.getByLabel("Your name").fill("Ada Admin");
    await page.getByLabel("E-mail").fill("ada@example.org");
    await page.getByLabel("New password").fill("a passphrase of four words");
    await page.getByLabel("The same password again").fill("a passphrase of four words");
    await page.getByRole("button", { name: "Create the admin and sign in" }).click();
    await expect(page.getByRole("heading", { name: "Signed in as Ada Admin" })).toBeVisible();

    // Two people added in a row: both links stay until each is dismissed.
    await page.getByRole("link", { name: "People" }).click();
    await expect(page.getByRole("row").filter({ hasText: "ada@example.org" })).toBeVisible();
    for (const name of ["Bo Staff", "Cy Volunteer"]) {
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("E-mail", { exact: true }).fill(`${name.split(" ")[0]!.toLowerCase()}@example.org`);
      await page.getByRole("button", { name: "Add person" }).click();
      await expect(page.getByRole("region", { name: `Sign-in link for ${name}` })).toBeVisible();
    }
    const boNotice = page.getByRole("region", { name: "Sign-in link for Bo Staff" });
    await expect(boNotice).toBeVisible();
    const boLink = await boNotice.getByRole("textbox", { name: "Link for Bo Staff" }).inputValue();
    await boNotice.getByRole("button", { name: "Done" }).click();
    await expect(boNotice).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Sign-in link for Cy Volunteer" })).toBeVisible();

    // The only admin may not stop being one: the select shows her real role again, and why.
    const ada = page.getByRole("row").filter({ hasText: "ada@example.org" });
    await ada.getByLabel("Role of Ada Admin").selectOption("staff");
    await ada.getByRole("button", { name: "Change role of Ada Admin" }).click();
    await expect(page.getByText("This is the only active admin: make someone else an admin first.")).toBeVisible();
    await expect(ada.getByLabel("Role of Ada Admin")).toHaveValue("admin");
    await expect(ada.getByRole("button", { name: "Change role of Ada Admin" })).toHaveCount(0);

    // Bo uses his link in his own browser; opened again, it says it is spent before any typing.
    const bo = await browser.newContext();
    try {
      const boPage = await bo.newPage();
      await accept(boPage, boLink, "Bo Staff");
      await boPage.goto(boLink);
      await expect(boPage.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
      await expect(boPage.getByLabel("New password")).toHaveCount(0);
      await boPage.goto(setupLink);
      await expect(boPage.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
      await expectNoAxeViolations(boPage);
    } finally {
      await bo.close();
    }
  });
});
