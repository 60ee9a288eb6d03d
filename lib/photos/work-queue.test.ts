import { describe, expect, it } from "vitest";
import { createWorkQueue } from "./work-queue";

const ready =
  <T>(value: T) =>
  async () =>
    value;

describe("createWorkQueue", () => {
  it("runs at most `concurrency` jobs at once and refuses past `maxWaiting` admitted", async () => {
    const queue = createWorkQueue(1, 1, () => new Error("full"));
    let release!: () => void;
    const first = queue.run(
      ready("first"),
      (value) => new Promise<string>((resolve) => (release = () => resolve(value))),
    );
    const second = queue.run(ready("second"), async (value) => value);
    await expect(queue.run(ready("third"), async (value) => value)).rejects.toThrow("full");
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.load()).toEqual({ running: 1, waiting: 1, admitted: 2 });
    release();
    expect(await first).toBe("first");
    expect(await second).toBe("second");
    expect(queue.load()).toEqual({ running: 0, waiting: 0, admitted: 0 });
  });

  it("refuses before preparing: a refused job's input is never read", async () => {
    const queue = createWorkQueue(1, 0, () => new Error("full"));
    let finishReading!: (value: string) => void;
    const reading = new Promise<string>((resolve) => (finishReading = resolve));
    const first = queue.run(
      () => reading,
      async (value) => value,
    );
    let prepared = false;
    const second = queue.run(
      async () => (prepared = true),
      async () => "second",
    );
    await expect(second).rejects.toThrow("full");
    expect(prepared).toBe(false);
    // A job still preparing holds its place but no running slot.
    expect(queue.load()).toEqual({ running: 0, waiting: 0, admitted: 1 });
    finishReading("first");
    expect(await first).toBe("first");
  });

  it("frees its place when preparing or the job fails", async () => {
    const queue = createWorkQueue(1, 0, () => new Error("full"));
    await expect(queue.run(() => Promise.reject(new Error("unread")), ready(1))).rejects.toThrow("unread");
    await expect(queue.run(ready(1), () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await queue.run(ready(1), async (value) => value + 1)).toBe(2);
    expect(queue.load()).toEqual({ running: 0, waiting: 0, admitted: 0 });
  });
});
