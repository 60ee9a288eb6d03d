import "server-only";
import { discardMail, enqueueMail, holdMail, releaseMail } from "@/lib/mail-outbox/mail-outbox";
import { mailConfigured } from "@/lib/mail-outbox/smtp-transport";
import { getPetStore } from "@/lib/composition";
import { ANIMAL_GONE_MAIL, waitingFor } from "./applications";

/**
 * An animal leaving `available` by another door than an approval (an order placed through
 * /v1/store/orders, its status set by PATCH /v1/pets/{id}): each adopter whose application
 * still waits for it is told it is no longer available, as when another application is
 * approved (docs/decisions/211, 221). The mail is held in the outbox before the change and
 * released once the animal has left, or discarded when it has not (refused, or still
 * available); a crash in between leaves it to fall due, and its renderer sends it only while
 * the application waits and the animal is still gone. An animal already gone tells nobody
 * again: they were told when it went.
 */
export async function tellWaitingAdopters<T>(petId: number, leave: () => Promise<T>): Promise<T> {
  const store = await getPetStore();
  if (!mailConfigured() || (await store.get(petId))?.status !== "available") return leave();
  const told = await waitingFor(petId);
  const held = (await Promise.all(told.map((digest) => holdMail([ANIMAL_GONE_MAIL], digest)))).flat();
  const result = await leave().catch(async (error: unknown) => {
    await discardMail(held).catch(() => undefined);
    throw error;
  });
  if ((await store.get(petId))?.status === "available") {
    await discardMail(held);
    return result;
  }
  await releaseMail(held);
  // An application the store took between the look above and the change hears too (none after it).
  for (const digest of await waitingFor(petId)) {
    if (!told.includes(digest)) await enqueueMail(ANIMAL_GONE_MAIL, digest);
  }
  return result;
}
