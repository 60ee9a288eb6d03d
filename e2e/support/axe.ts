import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Every page state a story reaches must pass axe with no violations at all. `knownToFail`
 * names rules a third-party widget is known to break (each caller says which and why); any
 * other rule still fails the story. `within` (a CSS selector) limits the scan to the part of a
 * page that changed since it was scanned whole, where a second whole scan would take long.
 */
export async function expectNoAxeViolations(page: Page, knownToFail: string[] = [], within?: string): Promise<void> {
  // The same rules, the same violations, at half the cost (docs/decisions/240): axe.run in the
  // page (our pages have no cross-origin frames, the one thing it skips) instead of a blank
  // page opened per scan to merge frame results, and a selector worked out only for the nodes
  // that fail, not for every node that passes.
  const builder = new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .disableRules(knownToFail);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  const summary = violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(summary, "axe violations").toEqual([]);
}
