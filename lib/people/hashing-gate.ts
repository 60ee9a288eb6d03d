import "server-only";
import { SignInBusyError } from "./people-errors";
import { globalSlot } from "@/lib/ops/global-slot";

/**
 * Password hashes run at most `running` at once (128 MiB and about half a second each:
 * ./password.ts), so a flood of sign-ins costs a bounded amount of memory and leaves libuv's
 * other threads (files, DNS) to the rest of the server (docs/decisions/189). Who waits for a
 * slot is shared out so that strangers cannot fill the line for staff (docs/decisions/205):
 *
 * - known clients (a browser with the account's device cookie, a signed-in person) have a
 *   line of their own, `knownWaiting` long, served before anyone else's;
 * - everyone else waits in one line per address group (an IPv6 /64), served in turn, one
 *   group after another, with at most `perGroup` requests of a group in the gate and at
 *   most `waiting` waiting in all.
 *
 * Past a bound the request is refused at once: 503 `sign_in_busy`. Waiting costs no memory
 * to speak of; only running hashes do.
 */
export const HASHING = { running: 2, knownWaiting: 8, waiting: 32, perGroup: 2 } as const;

/** Who asks for a hash: the address group, and whether the client is known to the account. */
export interface HashingClient {
  group: string;
  known: boolean;
}

interface Gate {
  running: number;
  known: (() => void)[];
  /** Waiting strangers by address group; the map's order is the order groups are served in. */
  strangers: Map<string, (() => void)[]>;
  waitingStrangers: number;
  /** Strangers' requests in the gate (running or waiting), by address group. */
  perGroup: Map<string, number>;
}

const gate = () =>
  globalSlot<Gate>("passwordHashingGate", () => ({
    running: 0,
    known: [],
    strangers: new Map(),
    waitingStrangers: 0,
    perGroup: new Map(),
  }));

export async function withHashingSlot<Result>(client: HashingClient, work: () => Promise<Result>): Promise<Result> {
  const state = gate();
  const stranger = !client.known;
  const full = state.running >= HASHING.running;
  if (stranger && (state.perGroup.get(client.group) ?? 0) >= HASHING.perGroup) throw busy();
  if (full && (stranger ? state.waitingStrangers >= HASHING.waiting : state.known.length >= HASHING.knownWaiting))
    throw busy();
  if (stranger) state.perGroup.set(client.group, (state.perGroup.get(client.group) ?? 0) + 1);
  try {
    if (!full) state.running++;
    else if (!stranger) await new Promise<void>((resolve) => state.known.push(resolve));
    else {
      state.waitingStrangers++;
      await new Promise<void>((resolve) => {
        const line = state.strangers.get(client.group);
        if (line) line.push(resolve);
        else state.strangers.set(client.group, [resolve]);
      });
    }
    try {
      return await work();
    } finally {
      const next = nextInLine(state);
      if (next)
        next(); // the slot passes straight to the next in line
      else state.running--;
    }
  } finally {
    if (stranger) {
      const left = state.perGroup.get(client.group)! - 1;
      if (left > 0) state.perGroup.set(client.group, left);
      else state.perGroup.delete(client.group);
    }
  }
}

/** Known clients first; then the first group in turn, which goes to the back if more of it wait. */
function nextInLine(state: Gate): (() => void) | undefined {
  const known = state.known.shift();
  if (known) return known;
  const first = state.strangers.entries().next().value;
  if (!first) return undefined;
  const [group, line] = first;
  state.strangers.delete(group);
  const next = line.shift()!;
  if (line.length > 0) state.strangers.set(group, line);
  state.waitingStrangers--;
  return next;
}

function busy(): SignInBusyError {
  return new SignInBusyError("Too many sign-ins are being checked right now; try again in a moment.");
}
