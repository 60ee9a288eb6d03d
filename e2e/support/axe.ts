import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Every page state a story reaches must pass axe with no violations at all. `knownToFail`
 * names rules a third-party widget is known to break (each caller says which and why); any
 * other rule still fails the story.
 */
export async function expectNoAxeViolations(page: Page, knownToFail: string[] = []): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).disableRules(knownToFail).analyze();
  const summary = violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(summary, "axe violations").toEqual([]);
}
