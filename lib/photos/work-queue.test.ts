import { describe, expect, it } from "vitest";
import { createWorkQueue } from "./work-queue";

describe("createWorkQueue", () => {
  it("runs at most `concurrency` jobs at once and refuses past `maxWaiting` queued", async () => {
    const queue = createWorkQueue(1, 1, () => new Error("full"));
    let release!: () => void;
    const first = queue.run(() => new Promise<string>((resolve) => (release = () => resolve("first"))));
    const second = queue.run(async () => "second");
    await expect(queue.run(async () => "third")).rejects.toThrow("full");
    expect(queue.load()).toEqual({ running: 1, waiting: 1 });
    release();
    expect(await first).toBe("first");
    expect(await second).toBe("second");
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot when a job fails", async () => {
    const queue = createWorkQueue(1, 0, () => new Error("full"));
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await queue.run(async () => 1)).toBe(1);
  });
});
