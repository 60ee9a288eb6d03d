import { rm } from "node:fs/promises";

/** Playwright global teardown: the run's servers have stopped; their temporary stores go too. */
export default async function removeDataDirs(): Promise<void> {
  for (const dir of [process.env.PETSTORE_E2E_DATA_DIR, process.env.PETSTORE_E2E_ADOPTIONS_DATA_DIR]) {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
