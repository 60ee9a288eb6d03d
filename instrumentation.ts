// Next runs register() once when the server starts, before any request. The condition is
// written inline so that the Edge build drops the branch, and with it every Node-only API.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startNodeServer } = await import("./lib/start-node-server");
    await startNodeServer();
  }
}
