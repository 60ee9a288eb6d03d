// Next runs register() once when the server starts, before any request.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  try {
    // Importing reads the configuration: a bad value throws here.
    const { startPetStoreServer } = await import("./lib/server-start");
    await startPetStoreServer();
  } catch (error) {
    // Left to Next, a failed start logs "Failed to prepare server" and keeps serving a
    // plain-text 500 on every route while holding the store's LOCK. Exiting releases it
    // (see lib/store/file/lock.ts) and tells a supervisor the start failed.
    const { describeStartFailure } = await import("./lib/start-failure");
    console.error(describeStartFailure(error));
    process.exit(1);
  }
}
