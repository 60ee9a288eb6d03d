// The front server (server.ts) drains connections before it closes the store, so it takes
// over SIGTERM/SIGINT from start-up (lib/server-start.ts), which runs inside Next's bundle:
// the flag lives on globalThis under Symbol.for so both copies see it.
const CLAIMED = Symbol.for("petstore.shutdownClaimed");
type Holder = { [CLAIMED]?: true };

/** Says that this process's signal handling belongs to the caller. */
export function claimShutdown(): void {
  (globalThis as Holder)[CLAIMED] = true;
}

export function isShutdownClaimed(): boolean {
  return (globalThis as Holder)[CLAIMED] === true;
}
