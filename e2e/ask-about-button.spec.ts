import type { APIRequestContext, Locator } from "@playwright/test";
import { expectNoAxeViolations } from "@/e2e/support/axe";
import { expect, test } from "@/e2e/support/fixtures";
import { LONG_NAMES, RTL_LONG_NAME, authorization } from "@/e2e/support/pets";
import { saveScreenshot } from "@/e2e/support/screenshot";

async function idOf(request: APIRequestContext, name: string): Promise<number> {
  const pets = (await (
    await request.get("/v1/pets?status=available&limit=100", { headers: authorization })
  ).json()) as { id: number; name: string }[];
  return pets.find((pet) => pet.name === name)!.id;
}

/**
 * The parts of the link's text that fall outside its painted shape (the rounded box), where
 * light text lands on a light page: every corner of every line of text must lie inside it.
 */
async function textOutsideButton(link: Locator): Promise<string[]> {
  return link.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const radius = Math.min(parseFloat(getComputedStyle(node).borderTopLeftRadius), box.height / 2, box.width / 2);
    const inside = (x: number, y: number) => {
      if (x < box.left - 0.5 || x > box.right + 0.5 || y < box.top - 0.5 || y > box.bottom + 0.5) return false;
      const cx = Math.min(Math.max(x, box.left + radius), box.right - radius);
      const cy = Math.min(Math.max(y, box.top + radius), box.bottom - radius);
      return Math.hypot(x - cx, y - cy) <= radius + 0.5;
    };
    const range = document.createRange();
    range.selectNodeContents(node);
    const outside: string[] = [];
    for (const line of range.getClientRects()) {
      for (const [x, y] of [
        [line.left, line.top],
        [line.right, line.top],
        [line.left, line.bottom],
        [line.right, line.bottom],
      ] as const) {
        if (!inside(x, y)) outside.push(`(${Math.round(x - box.left)}, ${Math.round(y - box.top)})`);
      }
    }
    return outside;
  });
}

test.describe("Ask about a long name", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`every line of "Ask about {name}" stays inside its button at 360 px (${scheme})`, async ({
      page,
      request,
    }, testInfo) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 360, height: 740 });
      for (const name of [...LONG_NAMES, RTL_LONG_NAME]) {
        await page.goto(`/pets/${await idOf(request, name)}`);
        const ask = page.getByRole("link", { name: `Ask about ${name}` });
        await expect(ask).toBeVisible();
        expect(await textOutsideButton(ask), name.slice(0, 20)).toEqual([]);
      }
      // The right-to-left name keeps its own direction inside the English sentence.
      await expect(page.getByRole("heading", { level: 1, name: RTL_LONG_NAME })).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, `ask-about-rtl-${scheme}`);
    });
  }
});
