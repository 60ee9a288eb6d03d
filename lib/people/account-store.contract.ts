import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Event } from "@/lib/events/event-types";
import { LastAdminError, type AccountStore } from "./account-store";
import type { PersonRecord, SessionRecord } from "./person";
import { personChanged, personCreated, signedIn } from "./people-events";

export interface AccountStoreSubject {
  /** Opens the same store again (a restart, or another instance on PostgreSQL). */
  open(): Promise<AccountStore>;
  /** Every event the store has recorded, oldest first. */
  events(): Promise<Event[]>;
  cleanup(): Promise<void>;
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute)).toISOString();

function person(id: string, email: string, extra: Partial<PersonRecord> = {}): PersonRecord {
  return {
    id,
    email,
    name: `Name of ${id}`,
    role: "staff",
    active: true,
    createdAt: at(0),
    updatedAt: at(0),
    ...extra,
  };
}

function session(id: string, personId: string, extra: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id,
    personId,
    tokenHash: `hash-of-${id}`,
    method: "password",
    createdAt: at(1),
    lastSeenAt: at(1),
    expiresAt: at(59),
    userAgent: "Test browser",
    ...extra,
  };
}

/** What every AccountStore adapter promises, written once and run against each. */
export function describeAccountStoreContract(name: string, create: () => Promise<AccountStoreSubject>): void {
  describe(`AccountStore contract: ${name}`, () => {
    let subject: AccountStoreSubject;
    let store: AccountStore;
    beforeEach(async () => {
      subject = await create();
      store = await subject.open();
    });
    afterEach(async () => {
      await store.close();
      await subject.cleanup();
    });

    it("keeps people with their events, finds them by id, e-mail and invitation, and refuses a taken e-mail or id", async () => {
      const ada = person("per_ada", "ada@example.org", { invitation: { hash: "invite-hash", expiresAt: at(30) } });
      expect(await store.addPerson(ada, [personCreated(ada)])).toBe(true);
      expect(await store.addPerson(person("per_other", "ada@example.org"), [])).toBe(false);
      expect(await store.addPerson(person("per_ada", "someone@example.org"), [])).toBe(false);
      const reopened = await subject.open();
      try {
        expect(await reopened.getPerson("per_ada")).toEqual(ada);
        expect(await reopened.findPersonByEmail("ada@example.org")).toEqual(ada);
        expect(await reopened.findPersonByInvitation("invite-hash")).toEqual(ada);
        expect(await reopened.findPersonByEmail("nobody@example.org")).toBeUndefined();
        expect(await reopened.listPeople()).toEqual([ada]);
      } finally {
        await reopened.close();
      }
      expect((await subject.events()).map((event) => event.type)).toEqual(["person.created"]);
    });

    it("applies a change to the person as stored, refusing another's e-mail", async () => {
      await store.addPerson(person("per_a", "a@example.org"), []);
      await store.addPerson(person("per_b", "b@example.org"), []);
      const promoted = await store.updatePerson("per_a", (current) => {
        const record = { ...current, role: "admin" as const, updatedAt: at(5) };
        return { record, events: personChanged(current, record) };
      });
      expect(promoted).toMatchObject({ id: "per_a", role: "admin", updatedAt: at(5) });
      expect(
        await store.updatePerson("per_a", (current) => ({
          record: { ...current, email: "b@example.org" },
          events: [],
        })),
      ).toBe("email_taken");
      expect(await store.updatePerson("per_missing", () => undefined)).toBeUndefined();
      expect(await store.getPerson("per_a")).toMatchObject({ role: "admin", email: "a@example.org" });
      expect((await subject.events()).map((event) => event.type)).toEqual(["person.role_changed"]);
    });

    it("never leaves no active admin, also when the last two are demoted or deactivated at once, round after round", async () => {
      const demote = (id: string, how: "role" | "active") =>
        store.updatePerson(id, (current) => {
          const record = how === "role" ? { ...current, role: "staff" as const } : { ...current, active: false };
          return { record: { ...record, updatedAt: at(9) }, events: personChanged(current, record) };
        });
      let survivor: string | undefined;
      for (let round = 0; round < 20; round++) {
        const pair = [`per_${round}a`, `per_${round}b`];
        for (const id of pair) await store.addPerson(person(id, `${id}@example.org`, { role: "admin" }), []);
        if (survivor) await demote(survivor, "role");
        const how = round % 2 === 0 ? "role" : "active";
        const outcomes = await Promise.allSettled(pair.map((id) => demote(id, how)));
        const refused = outcomes.filter((outcome) => outcome.status === "rejected");
        expect(refused, `round ${round}`).toHaveLength(1);
        expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(LastAdminError);
        const admins = (await store.listPeople()).filter((one) => one.role === "admin" && one.active);
        expect(
          admins.map((one) => one.id),
          `round ${round}`,
        ).toHaveLength(1);
        survivor = admins[0]!.id;
      }
      // The refused changes recorded nothing.
      const removals = (await subject.events()).filter((event) => event.type !== "person.created");
      expect(removals).toHaveLength(20 + 19);
      // Twenty rounds of concurrent writes: a loaded machine needs longer than the default 5 s.
    }, 60_000);

    it("keeps sessions, finds them by token hash, lists a person's newest first, and moves last use forward only", async () => {
      await store.addPerson(person("per_a", "a@example.org"), []);
      const first = session("ses_1", "per_a");
      const second = session("ses_2", "per_a", { createdAt: at(2), lastSeenAt: at(2) });
      await store.addSession(first, [signedIn(first)]);
      await store.addSession(second, []);
      expect(await store.getSession("ses_1")).toEqual(first);
      expect(await store.findSessionByTokenHash("hash-of-ses_2")).toEqual(second);
      expect((await store.listSessions("per_a")).map((one) => one.id)).toEqual(["ses_2", "ses_1"]);
      await store.touchSession("ses_1", at(10));
      await store.touchSession("ses_1", at(3));
      const reopened = await subject.open();
      try {
        expect((await reopened.getSession("ses_1"))?.lastSeenAt).toBe(at(10));
      } finally {
        await reopened.close();
      }
      expect((await subject.events()).map((event) => event.type)).toEqual(["session.signed_in"]);
    });

    it("ends one session, or all but one, each with its event, and never an ended one again", async () => {
      await store.addPerson(person("per_a", "a@example.org"), []);
      for (const id of ["ses_1", "ses_2", "ses_3"]) await store.addSession(session(id, "per_a"), []);
      expect((await store.endSessions({ personId: "per_a", id: "ses_1" }, at(20))).map((one) => one.id)).toEqual([
        "ses_1",
      ]);
      expect(await store.endSessions({ personId: "per_other", id: "ses_2" }, at(20))).toEqual([]);
      const rest = await store.endSessions({ personId: "per_a", exceptId: "ses_3" }, at(21));
      expect(rest.map((one) => one.id)).toEqual(["ses_2"]);
      expect(await store.endSessions({ personId: "per_a" }, at(22))).toHaveLength(1);
      expect(await store.endSessions({ personId: "per_a" }, at(23))).toEqual([]);
      expect((await store.getSession("ses_1"))?.endedAt).toBe(at(20));
      const ended = (await subject.events()).filter((event) => event.type === "session.signed_out");
      expect(ended).toHaveLength(3);
    });

    it("ends every session of a person in the change that deactivates them", async () => {
      await store.addPerson(person("per_a", "a@example.org"), []);
      await store.addSession(session("ses_1", "per_a"), []);
      await store.updatePerson("per_a", (current) => {
        const record = { ...current, active: false, updatedAt: at(30), deactivatedAt: at(30) };
        return { record, events: personChanged(current, record), endSessions: true };
      });
      expect((await store.getSession("ses_1"))?.endedAt).toBe(at(30));
      expect((await subject.events()).map((event) => event.type)).toEqual(["person.deactivated", "session.signed_out"]);
    });

    it("ends every session of a person but the one named, in the change that sets their password", async () => {
      await store.addPerson(person("per_a", "a@example.org"), []);
      for (const id of ["ses_1", "ses_2", "ses_3"]) await store.addSession(session(id, "per_a"), []);
      await store.updatePerson("per_a", (current) => {
        const record = { ...current, passwordHash: "scrypt$new", updatedAt: at(40) };
        return { record, events: personChanged(current, record), endSessions: { exceptId: "ses_2" } };
      });
      expect((await store.getSession("ses_1"))?.endedAt).toBe(at(40));
      expect((await store.getSession("ses_2"))?.endedAt).toBeUndefined();
      expect((await store.getSession("ses_3"))?.endedAt).toBe(at(40));
      const reopened = await subject.open();
      try {
        expect((await reopened.getSession("ses_3"))?.endedAt).toBe(at(40));
        expect((await reopened.getPerson("per_a"))?.passwordHash).toBe("scrypt$new");
      } finally {
        await reopened.close();
      }
      const types = (await subject.events()).map((event) => event.type);
      expect(types.filter((type) => type === "session.signed_out")).toHaveLength(2);
    });

    it("shows its own change at once, even where it remembers what it read", async () => {
      await store.addPerson(person("per_a", "a@example.org"), []);
      await store.addSession(session("ses_1", "per_a"), []);
      // Read until the answers come from memory (PostgreSQL: once its change feed listens).
      for (
        let tries = 0;
        store.getSession("ses_1") instanceof Promise || store.getPerson("per_a") instanceof Promise;
        tries++
      ) {
        expect(tries, "reads are remembered within a few seconds").toBeLessThan(500);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await store.endSessions({ personId: "per_a", id: "ses_1" }, at(20));
      expect((await store.getSession("ses_1"))?.endedAt).toBe(at(20));
      await store.updatePerson("per_a", (current) => {
        const record = { ...current, active: false, updatedAt: at(21), deactivatedAt: at(21) };
        return { record, events: personChanged(current, record) };
      });
      expect((await store.getPerson("per_a"))?.active).toBe(false);
    });

    it("makes one signing key, the same for every instance and after a restart", async () => {
      const { key, created } = await store.signingKey();
      expect(key.length).toBe(32);
      expect(created).toBe(true);
      expect((await store.signingKey()).created).toBe(false);
      const other = await subject.open();
      try {
        const again = await other.signingKey();
        expect(again.key.equals(key)).toBe(true);
        expect(again.created).toBe(false);
      } finally {
        await other.close();
      }
    });

    it("records events that ride with no change", async () => {
      const failed = { personId: "per_a", method: "password" as const, reason: "wrong_password" as const };
      const { signInFailed } = await import("./people-events");
      await store.recordEvents([signInFailed(failed, at(40))]);
      expect((await subject.events()).map((event) => event.data.object)).toEqual([failed]);
    });
  });
}
