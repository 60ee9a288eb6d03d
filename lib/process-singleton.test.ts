import { describe, expect, it, vi } from "vitest";
import { processSingleton } from "./process-singleton";

describe("processSingleton", () => {
  it("creates once per process, even through two handles of one name (two bundles)", async () => {
    const create = vi.fn(async () => ({ opened: true }));
    const first = processSingleton<{ opened: boolean }>("test.shared");
    const second = processSingleton<{ opened: boolean }>("test.shared");
    const [a, b] = await Promise.all([first.get(create), second.get(create)]);
    expect(a).toBe(b);
    expect(create).toHaveBeenCalledTimes(1);
    first.clear();
    expect(second.peek()).toBeUndefined();
  });

  it("forgets a failed creation so the next call tries again", async () => {
    const slot = processSingleton<string>("test.retry");
    await expect(slot.get(async () => Promise.reject(new Error("locked")))).rejects.toThrow("locked");
    expect(slot.peek()).toBeUndefined();
    await expect(slot.get(async () => "open")).resolves.toBe("open");
    slot.clear();
  });

  it("hands out the created value without a promise once it exists, and forgets it on clear", async () => {
    const slot = processSingleton<string>("test.settled");
    const created = slot.get(async () => "open");
    expect(slot.settled()).toBeUndefined();
    await created;
    expect(processSingleton<string>("test.settled").settled()).toBe("open");
    slot.clear();
    expect(slot.settled()).toBeUndefined();
  });
});
