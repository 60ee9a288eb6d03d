// Next runs register() once when the server starts, before any request.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startPetStoreServer } = await import("./lib/server-start");
  await startPetStoreServer();
}
