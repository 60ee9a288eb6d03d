import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Every page state a story reaches must pass axe with no violations at all. `knownToFail`
 * names rules a third-party widget is known to break (each caller says which and why); any
 * other rule still fails the story. `within` (a CSS selector) limits the scan to the part of a
 * page that changed since it was scanned whole, where a second whole scan would take long.
 */
export async function expectNoAxeViolations(page: Page, knownToFail: string[] = [], within?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).disableRules(knownToFail);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  const summary = violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(summary, "axe violations").toEqual([]);
}
