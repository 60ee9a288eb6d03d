import type { Locator, Page } from "@playwright/test";

/** How far the page scrolls sideways (0: not at all), as a person on a narrow screen would notice. */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth - root.clientWidth;
  });
}

/**
 * The words inside `area` that the browser broke across lines ("Voluntee r"): a word whose
 * letters lie on more than one line box. E-mail addresses are left out.
 */
export function wordsBrokenIn(area: Locator): Promise<string[]> {
  return area.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/\S+/g)) {
        if (match[0].includes("@")) continue; // an e-mail has no word to keep whole: it may break anywhere
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}
