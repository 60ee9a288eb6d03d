import type { Page, TestInfo } from "@playwright/test";

/** Full-page screenshot under artifacts/screenshots, named by viewport and story step. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({
    path: `artifacts/screenshots/${testInfo.project.name}-${name}.png`,
    fullPage: true,
    animations: "disabled",
  });
}
