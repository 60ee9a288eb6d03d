import { describe, expect, it } from "vitest";
import { peopleRefusal } from "@/lib/api/people-refusals";
import { HASHING, withHashingSlot, type HashingClient } from "./hashing-gate";

/** A hash that runs until the test lets it finish; `order` records who started when. */
function hashes() {
  const order: string[] = [];
  const finish: (() => void)[] = [];
  const ask = (name: string, client: HashingClient) =>
    withHashingSlot(client, () => {
      order.push(name);
      return new Promise<string>((resolve) => finish.push(() => resolve(name)));
    });
  /** Lets the oldest running hash finish, and the event loop hand its slot on. */
  const finishOne = async () => {
    finish.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { order, ask, finishOne, running: () => finish.length };
}

const stranger = (group: string): HashingClient => ({ group, known: false });
/** The HTTP status the caller is answered with: a refusal's, or 200 for a hash that ran. */
const status = (settled: PromiseSettledResult<unknown>) =>
  settled.status === "rejected" ? (peopleRefusal(settled.reason)?.status ?? 500) : 200;

describe("the password hashing gate (issue 37 item 6)", () => {
  it("keeps a line for known clients that strangers from many addresses cannot fill", async () => {
    const { ask, finishOne, order, running } = hashes();
    const strangers = Array.from({ length: HASHING.running + HASHING.waiting + 10 }, (_, i) =>
      ask(`stranger ${i}`, stranger(`198.51.100.${i}`)),
    );
    const refused = strangers.slice(HASHING.running + HASHING.waiting);
    expect((await Promise.allSettled(refused)).map(status)).toEqual(refused.map(() => 503));
    const owner = ask("owner", { group: "203.0.113.7", known: true });
    await finishOne();
    expect(order.at(-1)).toBe("owner");
    while (running() > 0) await finishOne();
    expect(await owner).toBe("owner");
    await Promise.allSettled(strangers);
  });

  it("serves waiting address groups in turn, and lets no group hold more than its share", async () => {
    const { ask, finishOne, order, running } = hashes();
    const all = [ask("r1", stranger("192.0.2.1")), ask("r2", stranger("192.0.2.2"))];
    all.push(ask("a1", stranger("2001:db8:a::/64")), ask("a2", stranger("2001:db8:a::/64")));
    all.push(ask("a3", stranger("2001:db8:a::/64")), ask("b1", stranger("192.0.2.3")));
    expect(status((await Promise.allSettled([all[4]!]))[0]!)).toBe(503); // a's third
    while (running() > 0) await finishOne();
    expect(order).toEqual(["r1", "r2", "a1", "b1", "a2"]);
    await Promise.allSettled(all);
  });
});
