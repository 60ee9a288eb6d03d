// Uploads the JPEG at argv[3] to each pet id in argv[4…] of the server at argv[2], back to
// back (each photo deleted again), until the parent says stop; then sends it each upload's
// time in ms. A process of its own: sending 3.3 MB bodies must not stall the event loop that
// times /v1/pets in bench-photos.mjs (it did, by up to 111 ms). The key comes in BENCH_KEY.
import { readFileSync } from "node:fs";

const [base, photoFile, ...petIds] = process.argv.slice(2);
const photo = readFileSync(photoFile);
const auth = { authorization: `Bearer ${process.env.BENCH_KEY}` };
const times = [];
let stop = false;
process.on("message", () => (stop = true));

async function upload(petId) {
  for (;;) {
    const response = await fetch(`${base}/v1/pets/${petId}/photos`, {
      method: "POST",
      headers: { ...auth, "content-type": "image/jpeg" },
      body: photo,
    });
    if (response.status === 201) return response.json();
    if (response.status !== 503) throw new Error(`upload: ${response.status} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 500)); // photos_busy: wait as a client would
  }
}

await Promise.all(
  petIds.map(async (petId) => {
    while (!stop) {
      const started = performance.now();
      const added = await upload(petId);
      times.push(performance.now() - started);
      await fetch(`${base}/v1/pets/${petId}/photos/${added.id}`, { method: "DELETE", headers: auth });
    }
  }),
);
process.send({ times }, () => process.disconnect());
