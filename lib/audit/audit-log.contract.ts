import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actingAs } from "@/lib/events/actor";
import type { LoggedEvent } from "@/lib/events/event-log";
import type { ContractSubject } from "@/tests/support/store/contract-subject";

/** The audit's reads of the event log (lib/audit/audit-log.ts, docs/decisions/187), run against each adapter. */
export function describeAuditLogContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`AuditLog contract: ${name}`, () => {
    let subject: ContractSubject;
    const store = () => subject.store;
    const types = (events: LoggedEvent[]) => events.map((logged) => logged.event.type);
    const writer = { type: "api_key", id: "writer000001" } as const;

    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    it("reads newest first by actor, resource, type and time, below a sequence, and finds each change's state before", async () => {
      const rex = await actingAs(writer, () => store().create({ name: "Rex", categoryId: 1 }));
      const other = await store().create({ name: "Other", categoryId: 1 });
      await actingAs(writer, () => store().updatePet(rex.id, { name: "Max" }));
      const category = await store().createCategory({ name: "Dogs" });
      await subject.settle();

      const everything = await store().readAudit({ limit: 100 });
      // Each pet's first stay opens with it, by the same actor (docs/decisions/254).
      expect(types(everything).slice(0, 6)).toEqual([
        "category.created",
        "pet.updated",
        "stay.opened",
        "pet.created",
        "stay.opened",
        "pet.created",
      ]);
      const bySequence = everything.map((logged) => logged.sequence);
      expect([...bySequence].sort((a, b) => b - a)).toEqual(bySequence);

      const byWriter = await store().readAudit({ limit: 10, actor: writer });
      expect(types(byWriter)).toEqual(["pet.updated", "stay.opened", "pet.created"]);
      expect(await store().readAudit({ limit: 10, actor: { type: "system" } })).toHaveLength(everything.length - 3);
      const ofRex = await store().readAudit({ limit: 10, resource: { prefixes: ["pet"], id: String(rex.id) } });
      expect(ofRex.map((logged) => logged.event.data.object)).toMatchObject([{ name: "Max" }, { name: "Rex" }]);
      const categories = await store().readAudit({ limit: 10, types: ["category.created", "category.renamed"] });
      expect(categories.map((logged) => logged.event.data.object)).toEqual([category]);
      const page = await store().readAudit({ limit: 1, beforeSequence: byWriter[0]!.sequence, actor: writer });
      expect(page).toEqual([byWriter[1]]);
      const future = new Date(Date.now() + 60_000).toISOString();
      expect(await store().readAudit({ limit: 10, since: future })).toEqual([]);
      expect(await store().readAudit({ limit: 100, until: future })).toEqual(everything);

      const [beforeRename, beforeCreate, none] = await store().readPrevious([
        { prefix: "pet", id: String(rex.id), beforeSequence: byWriter[0]!.sequence },
        { prefix: "pet", id: String(rex.id), beforeSequence: byWriter[2]!.sequence },
        { prefix: "pet", id: String(other.id + 1000), beforeSequence: byWriter[0]!.sequence },
      ]);
      expect(beforeRename).toEqual(byWriter[2]);
      expect(beforeCreate).toBeUndefined();
      expect(none).toBeUndefined();
    });
  });
}
