import "server-only";
import { ApiError } from "@/lib/api/errors";
import { globalSlot } from "@/lib/ops/global-slot";

/**
 * Password hashes run at most RUNNING at once (128 MiB and about half a second each:
 * ./password.ts), with at most WAITING queued; past that a sign-in is refused at once with a
 * 503, so a flood of sign-ins costs a bounded amount of memory and leaves libuv's other
 * threads (files, DNS) to the rest of the server (docs/decisions/189).
 */
export const HASHING = { running: 2, waiting: 8 } as const;

interface Gate {
  running: number;
  queue: (() => void)[];
}

const gate = () => globalSlot<Gate>("passwordHashingGate", () => ({ running: 0, queue: [] }));

export async function withHashingSlot<Result>(work: () => Promise<Result>): Promise<Result> {
  const state = gate();
  if (state.running >= HASHING.running) {
    if (state.queue.length >= HASHING.waiting) {
      throw new ApiError(
        503,
        "sign_in_busy",
        "Too many sign-ins are being checked right now; try again in a moment.",
        undefined,
        {
          "Retry-After": "1",
        },
      );
    }
    await new Promise<void>((resolve) => state.queue.push(resolve));
  } else state.running++;
  try {
    return await work();
  } finally {
    const next = state.queue.shift();
    if (next)
      next(); // the slot passes straight to the next in line
    else state.running--;
  }
}
