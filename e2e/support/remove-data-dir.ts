import { rm } from "node:fs/promises";

/** Playwright global teardown: the run's server has stopped; its temporary store goes too. */
export default async function removeDataDir(): Promise<void> {
  const dir = process.env.PETSTORE_E2E_DATA_DIR;
  if (dir) await rm(dir, { recursive: true, force: true });
}
