import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addNote, moveTo } from "@/lib/applications/changes";
import type { ApplicationRecord } from "@/lib/applications/schemas";
import { summaryOf } from "@/lib/applications/summary";
import { Event } from "@/lib/events/event-types";
import { AdoptionCompleteError, ApplicationConflictError, type NewApplicationRecord } from "./application-store";
import { PetNotAvailableError, PetNotFoundError } from "@/lib/pets/pet-errors";
import type { ContractSubject } from "@/tests/support/store/contract-subject";
import { InvalidCursorError } from "@/lib/errors/store-errors";

/**
 * What every adapter promises for adoption applications (lib/applications/application-store.ts),
 * written once and run against each adapter beside the pets and orders contracts.
 */
export function describeApplicationStoreContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`ApplicationStore contract: ${name}`, () => {
    let subject: ContractSubject;
    const store = () => subject.store;
    const newPet = (status?: "available" | "pending" | "sold") =>
      store().create({ name: "Rex", categoryId: 1, ...(status ? { status } : {}) });
    const submit = (petId: number, who = "ada", at = "2026-11-20T10:00:00.000Z") =>
      store().submitApplication(newApplication(petId, who, at));
    const events = async () => (await store().readEvents({ afterSequence: 0, limit: 1000 })).map((e) => e.event);

    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    it("adds an application with an id, keeps it whole, and records application.submitted with the summary only", async () => {
      const pet = await newPet();
      const input = newApplication(pet.id, "ada");
      const { application, duplicate } = await store().submitApplication(input);
      expect(duplicate).toBe(false);
      expect(Number.isSafeInteger(application.id) && application.id > 0).toBe(true);
      expect(application).toEqual({ ...input, id: application.id });
      const second = (await submit(pet.id, "bob")).application;
      expect(second.id).toBeGreaterThan(application.id);
      await subject.settle();
      expect(await store().getApplication(application.id)).toEqual(application);
      expect(await store().getApplication(second.id + 1000)).toBeUndefined();
      const submitted = (await events()).filter((event) => event.type === "application.submitted");
      expect(submitted.map((event) => event.data.object)).toEqual([summaryOf(application), summaryOf(second)]);
      for (const event of submitted) expect(Event.parse(event)).toEqual(event);
      expectNoPersonalData(JSON.stringify(await events()), application);
    });

    it("refuses an application for a pet that does not exist or is not available, writing nothing", async () => {
      const sold = await newPet("sold");
      const pending = await newPet("pending");
      await expect(submit(sold.id + 1000)).rejects.toBeInstanceOf(PetNotFoundError);
      await expect(submit(sold.id)).rejects.toMatchObject({ petStatus: "sold" });
      await expect(submit(pending.id)).rejects.toBeInstanceOf(PetNotAvailableError);
      await subject.settle();
      expect(await store().listApplications({ limit: 10 })).toEqual({ applications: [] });
      expect((await events()).map((event) => event.type)).not.toContain("application.submitted");
    });

    it("answers a second open application for one pet by one e-mail with the first, and takes one again once it is closed", async () => {
      const [rex, tom] = [await newPet(), await newPet()];
      const first = (await submit(rex.id, "ada")).application;
      const again = await submit(rex.id, "ada", "2026-11-21T10:00:00.000Z");
      expect(again).toEqual({ application: first, duplicate: true });
      expect((await submit(tom.id, "ada")).duplicate).toBe(false); // another animal
      expect((await submit(rex.id, "bob")).duplicate).toBe(false); // another person
      // Approved, the animal is pending: the same person's retry still gets the first answer, not "not available".
      const approved = await store().changeApplication(first.id, moveTo("approved", NOW));
      expect(await submit(rex.id, "ada")).toEqual({ application: approved, duplicate: true });
      await store().changeApplication(first.id, moveTo("withdrawn", "2026-11-22T10:00:00.000Z"));
      const afterWithdrawn = await submit(rex.id, "ada");
      expect(afterWithdrawn.duplicate).toBe(false);
      await store().changeApplication(afterWithdrawn.application.id, moveTo("declined", NOW, "no garden"));
      expect((await submit(rex.id, "ada")).duplicate).toBe(false);
      await subject.settle();
      const forRex = await store().listApplications({ limit: 10, petId: rex.id });
      expect(forRex.applications).toHaveLength(4);
      expect((await events()).filter((event) => event.type === "application.submitted")).toHaveLength(5);
    });

    it("approving places the order for the pet in the same step: the pet pending, the order's events beside the application's", async () => {
      const pet = await newPet();
      const { application } = await submit(pet.id);
      const approved = await store().changeApplication(application.id, moveTo("approved", NOW));
      expect(approved).toMatchObject({ state: "approved", decidedAt: NOW, updatedAt: NOW });
      const orderId = approved?.orderId as number;
      expect(Number.isSafeInteger(orderId)).toBe(true);
      await subject.settle();
      expect(await store().getApplication(application.id)).toEqual(approved);
      expect(await store().getOrder(orderId)).toMatchObject({
        petId: pet.id,
        status: "placed",
        adopter: `Application ${application.reference}`,
      });
      expect((await store().get(pet.id))?.status).toBe("pending");
      const logged = await events();
      const types = logged.map((event) => event.type);
      expect(types).toEqual(expect.arrayContaining(["application.approved", "order.placed", "pet.status_changed"]));
      expect(types.filter((type) => type === "order.placed")).toHaveLength(1);
      const changed = logged.find((event) => event.type === "application.approved");
      expect(changed?.data).toMatchObject({ object: { id: application.id, orderId }, from: "submitted" });
      expect(await store().changeApplication(application.id, moveTo("approved", NOW))).toEqual(approved); // a repeat
      expect(await store().changeApplication(application.id + 1000, moveTo("approved", NOW))).toBeUndefined();
      expectNoPersonalData(JSON.stringify(logged), application);
    });

    it("of two applications for one pet approved at once, exactly one wins; the other stays a backup", async () => {
      const pet = await newPet();
      const [a, b] = [(await submit(pet.id, "ada")).application, (await submit(pet.id, "bob")).application];
      const results = await Promise.allSettled([
        store().changeApplication(a.id, moveTo("approved", NOW)),
        store().changeApplication(b.id, moveTo("approved", NOW)),
      ]);
      const won = results.filter((result) => result.status === "fulfilled");
      const lost = results.filter((result) => result.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      const reason = (lost[0] as PromiseRejectedResult).reason;
      expect(reason instanceof PetNotAvailableError || reason instanceof ApplicationConflictError).toBe(true);
      await subject.settle();
      const states = [(await store().getApplication(a.id))?.state, (await store().getApplication(b.id))?.state];
      expect(states.sort()).toEqual(["approved", "submitted"]);
      expect((await store().listOrders({ limit: 10, petId: pet.id })).orders).toHaveLength(1);
      expect((await store().get(pet.id))?.status).toBe("pending");
    });

    it("withdrawing or declining an approved application cancels its order: the pet is available again", async () => {
      const [rex, tom] = [await newPet(), await newPet()];
      const a = (await submit(rex.id, "ada")).application;
      const b = (await submit(tom.id, "bob")).application;
      const approvedA = await store().changeApplication(a.id, moveTo("approved", NOW));
      const approvedB = await store().changeApplication(b.id, moveTo("approved", NOW));
      const withdrawn = await store().changeApplication(a.id, moveTo("withdrawn", LATER));
      const declined = await store().changeApplication(b.id, moveTo("declined", LATER, " moved abroad "));
      expect(withdrawn).toMatchObject({ state: "withdrawn", orderId: approvedA?.orderId, decidedAt: LATER });
      expect(declined?.personal?.declineReason).toBe("moved abroad");
      await subject.settle();
      for (const [pet, approved] of [
        [rex, approvedA],
        [tom, approvedB],
      ] as const) {
        expect((await store().getOrder(approved?.orderId as number))?.status).toBe("cancelled");
        expect((await store().get(pet.id))?.status).toBe("available");
      }
      expect((await events()).filter((event) => event.type === "order.cancelled")).toHaveLength(2);
      await expect(store().changeApplication(a.id, moveTo("approved", LATER))).rejects.toBeInstanceOf(
        ApplicationConflictError,
      );
    });

    it("refuses to withdraw or decline an approved application once its order is delivered: the adoption stands", async () => {
      const pet = await newPet();
      const application = (await submit(pet.id, "ada")).application;
      const approved = await store().changeApplication(application.id, moveTo("approved", NOW));
      const orderId = approved?.orderId as number;
      await store().transitionOrder(orderId, "approved");
      await store().transitionOrder(orderId, "delivered");
      for (const change of [moveTo("withdrawn", LATER), moveTo("declined", LATER, "changed our minds")]) {
        await expect(store().changeApplication(application.id, change)).rejects.toBeInstanceOf(AdoptionCompleteError);
      }
      await subject.settle();
      expect(await store().getApplication(application.id)).toMatchObject({ state: "approved", orderId });
      expect((await store().get(pet.id))?.status).toBe("sold");
      expect((await events()).filter((event) => event.type === "application.withdrawn")).toEqual([]);
    });

    it("adds a note with its author, recording application.note_added without its text", async () => {
      const pet = await newPet();
      const { application } = await submit(pet.id);
      const by = { type: "person", id: "per_1" } as const;
      const noted = await store().changeApplication(application.id, addNote("Called back, lovely garden", by, NOW));
      expect(noted?.personal?.notes).toEqual([{ text: "Called back, lovely garden", at: NOW, by }]);
      await subject.settle();
      expect((await store().getApplication(application.id))?.personal?.notes).toHaveLength(1);
      const logged = await events();
      expect(logged.map((event) => event.type)).toContain("application.note_added");
      expect(JSON.stringify(logged)).not.toContain("lovely garden");
    });

    it("finds an application by its status token's digest and one person's by their e-mail's, newest first", async () => {
      const [rex, tom] = [await newPet(), await newPet()];
      const first = (await submit(rex.id, "ada")).application;
      const other = (await submit(rex.id, "bob")).application;
      const second = (await submit(tom.id, "ada")).application;
      await subject.settle();
      expect(await store().findByStatusToken(first.personal!.statusTokenDigest)).toEqual(first);
      expect(await store().findByStatusToken(digest("nobody"))).toBeUndefined();
      expect(await store().findByEmailDigest(first.personal!.emailDigest)).toEqual([second, first]);
      expect(await store().findByEmailDigest(other.personal!.emailDigest)).toEqual([other]);
      expect(await store().findByEmailDigest(digest("nobody"))).toEqual([]);
    });

    it("lists newest first, filtered by state, pet and age, paged by cursors bound to the filters", async () => {
      const [rex, tom] = [await newPet(), await newPet()];
      const made: ApplicationRecord[] = [];
      for (let i = 0; i < 5; i++) {
        const at = `2026-11-0${i + 1}T10:00:00.000Z`;
        made.push((await submit(i % 2 ? tom.id : rex.id, `person${i}`, at)).application);
      }
      await store().changeApplication(made[1]!.id, moveTo("in_review", NOW));
      await store().changeApplication(made[3]!.id, moveTo("in_review", NOW));
      await subject.settle();
      const ids = (list: ApplicationRecord[]) => list.map((application) => application.id);
      const newest = [...made].reverse().map((application) => application.id);

      const first = await store().listApplications({ limit: 2 });
      expect(ids(first.applications)).toEqual(newest.slice(0, 2));
      const second = await store().listApplications({ limit: 2, cursor: first.nextCursor });
      expect(ids(second.applications)).toEqual(newest.slice(2, 4));
      const third = await store().listApplications({ limit: 2, cursor: second.nextCursor });
      expect(ids(third.applications)).toEqual(newest.slice(4));
      expect(third.nextCursor).toBeUndefined();

      const inReview = await store().listApplications({ limit: 1, state: "in_review" });
      expect(ids(inReview.applications)).toEqual([made[3]!.id]);
      const more = await store().listApplications({ limit: 1, state: "in_review", cursor: inReview.nextCursor });
      expect(ids(more.applications)).toEqual([made[1]!.id]);
      expect(more.nextCursor).toBeUndefined();
      expect(ids((await store().listApplications({ limit: 10, petId: tom.id })).applications)).toEqual([
        made[3]!.id,
        made[1]!.id,
      ]);
      const older = { limit: 10, submittedBefore: "2026-11-03T10:00:00.000Z" };
      expect(ids((await store().listApplications(older)).applications)).toEqual([made[1]!.id, made[0]!.id]);
      const both = {
        limit: 10,
        state: "submitted" as const,
        petId: rex.id,
        submittedBefore: "2026-11-04T00:00:00.000Z",
      };
      expect(ids((await store().listApplications(both)).applications)).toEqual([made[2]!.id, made[0]!.id]);
      expect((await store().listApplications({ limit: 10, petId: 9_000_000 })).applications).toEqual([]);

      for (const misuse of [
        { limit: 2, state: "in_review" as const, cursor: first.nextCursor },
        { limit: 2, petId: rex.id, cursor: first.nextCursor },
        { limit: 2, submittedBefore: "2026-11-04T00:00:00.000Z", cursor: first.nextCursor },
        { limit: 2, cursor: inReview.nextCursor },
        { limit: 2, cursor: "not-a-cursor" },
      ]) {
        await expect(store().listApplications(misuse)).rejects.toBeInstanceOf(InvalidCursorError);
      }
    });

    it("erases the personal data for good: lookups no longer find it, application.erased is recorded, a second erasure does nothing", async () => {
      const pet = await newPet();
      const kept = (await submit(pet.id, "bob")).application;
      const { application } = await submit(pet.id, "ada");
      await store().changeApplication(application.id, addNote("Prefers mornings", { type: "system" }, NOW));
      const declined = await store().changeApplication(application.id, moveTo("declined", NOW, "no garden"));
      const erasedAt = "2026-12-01T10:00:00.000Z";
      expect(await store().erasePersonalData([application.id, application.id + 1000], erasedAt)).toEqual([
        application.id,
      ]);
      await subject.settle();
      const rest = { ...declined, personal: undefined };
      const erased = await store().getApplication(application.id);
      expect({ ...erased, personal: undefined }).toMatchObject({ ...rest, erasedAt, updatedAt: erasedAt });
      expect(erased?.personal).toBeUndefined();
      expect(await store().findByStatusToken(application.personal!.statusTokenDigest)).toBeUndefined();
      expect(await store().findByEmailDigest(application.personal!.emailDigest)).toEqual([]);
      expect(await store().getApplication(kept.id)).toEqual(kept);
      const listed = (await store().listApplications({ limit: 10 })).applications;
      expect(listed.find((item) => item.id === application.id)?.personal).toBeUndefined();
      const logged = await events();
      const erasedEvents = logged.filter((event) => event.type === "application.erased");
      expect(erasedEvents.map((event) => event.data.object)).toEqual([summaryOf(erased as ApplicationRecord)]);
      expect(await store().erasePersonalData([application.id], "2026-12-02T10:00:00.000Z")).toEqual([]);
      expect((await store().getApplication(application.id))?.erasedAt).toBe(erasedAt);
      await expect(
        store().changeApplication(application.id, addNote("x", { type: "system" }, NOW)),
      ).rejects.toBeInstanceOf(ApplicationConflictError);
      expectNoPersonalData(JSON.stringify(logged), application);
    });

    it("names the applications decided before a time that still hold personal data, up to a limit", async () => {
      const pets = [await newPet(), await newPet(), await newPet(), await newPet()];
      const made: ApplicationRecord[] = [];
      for (const [i, pet] of pets.entries()) made.push((await submit(pet.id, `person${i}`)).application);
      await store().changeApplication(made[0]!.id, moveTo("declined", "2026-11-01T10:00:00.000Z", "no"));
      await store().changeApplication(made[1]!.id, moveTo("withdrawn", "2026-11-02T10:00:00.000Z"));
      await store().changeApplication(made[2]!.id, moveTo("approved", "2026-11-03T10:00:00.000Z"));
      await store().changeApplication(made[3]!.id, moveTo("in_review", "2026-11-01T10:00:00.000Z")); // open
      await subject.settle();
      const cutoff = "2026-11-10T00:00:00.000Z";
      expect((await store().decidedBefore(cutoff, 10)).sort((a, b) => a - b)).toEqual([
        made[0]!.id,
        made[1]!.id,
        made[2]!.id,
      ]);
      expect(await store().decidedBefore("2026-11-02T10:00:00.000Z", 10)).toEqual([made[0]!.id]);
      expect(await store().decidedBefore(cutoff, 2)).toHaveLength(2);
      await store().erasePersonalData([made[0]!.id], cutoff);
      expect((await store().decidedBefore(cutoff, 10)).sort((a, b) => a - b)).toEqual([made[1]!.id, made[2]!.id]);
    });
  });
}

const NOW = "2026-11-25T10:00:00.000Z";
const LATER = "2026-11-26T10:00:00.000Z";
const digest = (text: string) => createHash("sha256").update(text).digest("hex");
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
let references = 0;

/** A valid, distinct reference for each application the contract makes. */
function nextReference(): string {
  const n = ++references * 7919 + Math.floor(Math.random() * 1_000_000) * 100_000;
  const chars = Array.from({ length: 8 }, (_, i) => REFERENCE_ALPHABET[Math.floor(n / 32 ** i) % 32]);
  return `A-${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}

/** `who`'s application for `petId`; their e-mail (and so its digest) follows from `who`. */
export function newApplication(petId: number, who: string, at = "2026-11-20T10:00:00.000Z"): NewApplicationRecord {
  return {
    reference: nextReference(),
    petId,
    state: "submitted",
    source: "form",
    suspect: [],
    submittedAt: at,
    updatedAt: at,
    personal: {
      answers: {
        name: `Applicant ${who} Quillfeather`,
        email: `${who}.quillfeather@example.org`,
        adults: 2,
        childrenAges: [7],
        otherAnimals: "an old cat",
        homeType: "house",
        tenure: "own",
        garden: "private",
        hoursAlone: 2,
        experience: "grew up with dogs",
        whyThisAnimal: `Because ${who} fell for those ears`,
        consentToContact: true,
      },
      notes: [],
      emailDigest: digest(`email ${who}`),
      statusTokenDigest: digest(`token ${who} ${Math.random()}`),
    },
  };
}

/** None of the application's answers or digests appear in `text`. */
function expectNoPersonalData(text: string, application: ApplicationRecord): void {
  const { answers, emailDigest, statusTokenDigest } = application.personal!;
  for (const secret of [
    answers.name,
    answers.email,
    answers.whyThisAnimal,
    answers.experience,
    emailDigest,
    statusTokenDigest,
  ]) {
    expect(text).not.toContain(secret);
  }
}
