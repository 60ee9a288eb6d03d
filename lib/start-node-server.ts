import "server-only";

/**
 * The Node runtime's start: instrumentation.ts imports this module only when
 * NEXT_RUNTIME is "nodejs", so the Edge build never sees process.exit.
 */
export async function startNodeServer(): Promise<void> {
  try {
    // Importing reads the configuration: a bad value throws here.
    const { startPetStoreServer } = await import("./server-start");
    await startPetStoreServer();
  } catch (error) {
    // Left to Next, a failed start logs "Failed to prepare server" and keeps serving a
    // plain-text 500 on every route while holding the store's LOCK. Exiting releases it
    // (see lib/store/file/lock.ts) and tells a supervisor the start failed.
    const { describeStartFailure } = await import("./start-failure");
    console.error(describeStartFailure(error));
    process.exit(1);
  }
}
