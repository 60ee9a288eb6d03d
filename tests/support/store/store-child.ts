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
 * Each stdout line is written before the next pet is acknowledged; on Linux writes to a
 * pipe are synchronous, so a line printed is a line the parent receives, even after SIGKILL.
 */
import { PET_STATUSES } from "@/lib/pets/schemas";
import { openFileStore } from "@/lib/store/file/file-store";

const [mode, dir = "", concurrency = "64", every = "500"] = process.argv.slice(2);
if (!dir || (mode !== "hold" && mode !== "create" && mode !== "adopt")) {
  console.error("usage: store-child.ts hold|create|adopt DIR [CONCURRENCY] [COMPACT_EVERY]");
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
  } else {
    setInterval(() => undefined, 60_000); // hold the store open until killed
  }
}

void main();
