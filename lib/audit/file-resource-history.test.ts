import { describe, expect, it } from "vitest";
import type { LoggedEvent } from "@/lib/events/event-log";
import { ResourceHistory } from "./file-resource-history";

const logged = (sequence: number, type: string, id: number | string): LoggedEvent =>
  ({ sequence, event: { type, data: { object: { id } } } }) as unknown as LoggedEvent;

describe("ResourceHistory", () => {
  it("finds a resource's latest event below a sequence, by prefix and id, and forgets pruned ones", () => {
    const history = new ResourceHistory();
    const events = [
      logged(1, "pet.created", 7),
      logged(2, "order.placed", 7),
      logged(3, "pet.status_changed", 7),
      logged(5, "pet.updated", 7),
    ];
    for (const event of events) history.add(event);
    expect(history.before("pet", "7", 5)).toBe(events[2]);
    expect(history.before("pet", "7", 3)).toBe(events[0]);
    expect(history.before("pet", "7", 1)).toBeUndefined();
    expect(history.before("order", "7", 9)).toBe(events[1]);
    history.drop(events[0]!);
    expect(history.before("pet", "7", 3)).toBeUndefined();
    expect(history.of("pet", "7")).toEqual([events[2], events[3]]);
    history.drop(events[1]!);
    expect(history.of("order", "7")).toEqual([]);
  });
});
