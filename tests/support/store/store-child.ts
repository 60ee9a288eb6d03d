/**
 * A separate process holding a file store, for tests that need a real second process.
 * Run: node --conditions=react-server --import tsx tests/support/store/store-child.ts MODE DIR
 *   hold DIR                      open the store, print "ready", keep it open until killed
 *   create DIR CONCURRENCY EVERY  also create pets forever, CONCURRENCY at a time
 *                                 (compacting every EVERY pets), printing each
 *                                 acknowledged pet as a JSON line
 *   adopt DIR CONCURRENCY EVERY   also adopt forever: create a pet, order it, then approve
 *                                 and deliver, or cancel; prints {"pet":…} and {"order":…}
 *                                 lines for each acknowledgement
 *   apply DIR CONCURRENCY EVERY   also apply forever: create a pet, submit two applications
 *                                 for it, approve one at once with the other (one wins),
 *                                 then withdraw it or not; prints {"application":…} lines
 * Each stdout line is written before the next pet is acknowledged; on Linux writes to a
 * pipe are synchronous, so a line printed is a line the parent receives, even after SIGKILL.
 */
import { PET_STATUSES } from "@/lib/pets/schemas";
import { openFileStore } from "@/lib/composition/file-store";
import { moveTo } from "@/lib/applications/changes";
import { createHash } from "node:crypto";

const [mode, dir = "", concurrency = "64", every = "500"] = process.argv.slice(2);
if (!dir || !["hold", "create", "adopt", "apply"].includes(mode as string)) {
  console.error("usage: store-child.ts hold|create|adopt|apply DIR [CONCURRENCY] [COMPACT_EVERY]");
  process.exit(2);
}

async function main(): Promise<void> {
  // stdout carries only acknowledgements; the store's notes go to stderr.
  const logger = {
    warn: (message: string) => console.error(message),
    info: (message: string) => console.error(message),
  };
  const store = await openFileStore(dir, { compactAfterRecords: Number(every), logger });
  // As `next start` does: SIGTERM ends the process with process.exit(), without close().
  // Installed before "ready", which the parent may answer with SIGTERM at once.
  if (mode === "hold") process.once("SIGTERM", () => process.exit(0));
  process.stdout.write(`ready ${process.pid}\n`);

  if (mode === "create") {
    let sequence = 0;
    const worker = async () => {
      for (;;) {
        const n = sequence++;
        const pet = await store.create({
          name: `pet ${process.pid}-${n} 🐾`,
          categoryId: 1 + (n % 7),
          status: PET_STATUSES[n % PET_STATUSES.length],
        });
        process.stdout.write(`${JSON.stringify(pet)}\n`);
      }
    };
    await Promise.all(Array.from({ length: Number(concurrency) }, worker));
  } else if (mode === "adopt") {
    let sequence = 0;
    const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
    const worker = async () => {
      for (;;) {
        const n = sequence++;
        const pet = await store.create({ name: `adoptee ${n}`, categoryId: 1 });
        print({ pet });
        const order = await store.placeOrder({ petId: pet.id, adopter: `adopter ${n}` });
        print({ order });
        const path = n % 3 === 0 ? ["cancelled"] : n % 3 === 1 ? ["approved", "delivered"] : ["approved", "cancelled"];
        for (const to of path) print({ order: await store.transitionOrder(order.id, to as "approved") });
      }
    };
    await Promise.all(Array.from({ length: Number(concurrency) }, worker));
  } else if (mode === "apply") {
    let sequence = 0;
    const print = (application: object | undefined) => process.stdout.write(`${JSON.stringify({ application })}\n`);
    const worker = async () => {
      for (;;) {
        const n = sequence++;
        const pet = await store.create({ name: `wanted ${n}`, categoryId: 1 });
        const [a, b] = [
          await store.submitApplication(application(pet.id, n, "a")),
          await store.submitApplication(application(pet.id, n, "b")),
        ];
        print(a.application);
        print(b.application);
        const now = new Date().toISOString();
        const approvals = await Promise.allSettled([
          store.changeApplication(a.application.id, moveTo("approved", now)),
          store.changeApplication(b.application.id, moveTo("approved", now)),
        ]);
        const won = approvals.find((result) => result.status === "fulfilled")?.value;
        print(won);
        if (won && n % 2 === 0) print(await store.changeApplication(won.id, moveTo("withdrawn", now)));
      }
    };
    await Promise.all(Array.from({ length: Number(concurrency) }, worker));
  } else {
    setInterval(() => undefined, 60_000); // hold the store open until killed
  }
}

void main();

/** The `n`th pet's application by person `who`: distinct references, digests and answers. */
function application(petId: number, n: number, who: string) {
  const digest = (text: string) => createHash("sha256").update(text).digest("hex");
  // 40 bits: the process (so no two rounds collide) and the application's number in it.
  let value = (process.pid % 32768) * 2 ** 25 + n * 2 + (who === "a" ? 0 : 1);
  let code = "";
  for (let i = 0; i < 8; i++, value = Math.floor(value / 32))
    code = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"[value % 32] + code;
  const now = new Date().toISOString();
  return {
    reference: `A-${code.slice(0, 4)}-${code.slice(4)}`,
    petId,
    state: "submitted" as const,
    source: "form" as const,
    suspect: [],
    submittedAt: now,
    updatedAt: now,
    personal: {
      answers: {
        name: `Applicant ${who} ${n}`,
        email: `${who}${n}@example.org`,
        adults: 1,
        childrenAges: [],
        otherAnimals: "",
        homeType: "flat" as const,
        tenure: "own" as const,
        garden: "none" as const,
        hoursAlone: 3,
        experience: "",
        whyThisAnimal: `Pet ${n} is lovely`,
        consentToContact: true as const,
      },
      notes: [],
      emailDigest: digest(`${who}${n}`),
      statusTokenDigest: digest(`token ${process.pid} ${who}${n}`),
    },
  };
}
