import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { createPet } from "@/tests/api/support/pets";
import { issueTestKey } from "@/tests/api/support/issued-keys";
import { blackPng, jpegWithGps, png, pngBomb, uploadPhoto, webp } from "@/tests/api/support/photos";

/**
 * Issue 24, photos: upload, list, reorder, primary, alt text, delete, and what an upload may
 * not be. Every stored copy is fetched back through the same server as adopters would.
 */

async function fetchPhoto(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, inject("baseUrl")), { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("uploading a photo", () => {
  it("stores a JPEG upright at fixed widths in AVIF, WebP and JPEG, with no EXIF or GPS left", async () => {
    const pet = await createPet();
    const original = await jpegWithGps(1200, 900);
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.length).toBeGreaterThan(100); // camera, and the GPS IFD
    expect(original.includes(Buffer.from("Foster's phone"))).toBe(true);
    const response = await uploadPhoto(pet.id, original, { alt: "Rex on the lawn" });
    expect(response.status, response.text).toBe(201);
    const photo = response.json;
    // Orientation 6: the 1200 × 900 sensor image stands 900 wide and 1200 tall.
    expect(photo).toMatchObject({ alt: "Rex on the lawn", width: 900, height: 1200 });
    expect(response.headers.location).toBe(`/v1/pets/${pet.id}/photos/${photo.id}`);
    expect(photo.srcset.jpeg.split(", ").map((entry: string) => entry.split(" ")[1])).toEqual(["320w", "640w", "900w"]);
    for (const format of ["avif", "webp", "jpeg"] as const) {
      for (const entry of photo.srcset[format].split(", ")) {
        const [path, width] = entry.split(" ") as [string, string];
        const served = await fetchPhoto(path);
        expect(served.status, path).toBe(200);
        expect(served.headers.get("content-type")).toBe(`image/${format}`);
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(served.headers.get("etag")).toMatch(/^"[0-9a-f]{32}-\d+-(avif|webp|jpg)"$/);
        const metadata = await sharp(served.bytes).metadata();
        expect(metadata.width).toBe(Number.parseInt(width));
        expect(metadata.height).toBeGreaterThan(metadata.width!); // upright
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
        expect(metadata.icc).toBeUndefined();
        expect(served.bytes.includes(Buffer.from("Foster's phone"))).toBe(false);
        expect(served.bytes.includes(Buffer.from("Exif"))).toBe(false);
      }
    }
  });

  it("accepts PNG and WebP, whatever Content-Type says, and never upscales", async () => {
    const pet = await createPet();
    const fromPng = await uploadPhoto(pet.id, await png(500, 250), { contentType: "application/octet-stream" });
    expect(fromPng.status, fromPng.text).toBe(201);
    expect(fromPng.json).toMatchObject({ width: 500, height: 250, alt: "" });
    expect(fromPng.json.full).toMatch(/-500\.jpg$/);
    const fromWebp = await uploadPhoto(pet.id, await webp(2400, 1600), { contentType: "image/png" });
    expect(fromWebp.status, fromWebp.text).toBe(201);
    expect(fromWebp.json).toMatchObject({ width: 1600, height: 1067 });
    expect(fromWebp.json.small).toMatch(/-320\.jpg$/);
    expect(fromWebp.json.medium).toMatch(/-640\.jpg$/);
    expect(fromWebp.json.large).toMatch(/-1280\.jpg$/);
    expect(fromWebp.json.full).toMatch(/-1600\.jpg$/);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const pet = await createPet();
    const { json: photo } = await uploadPhoto(pet.id, await png(400, 300));
    const first = await fetchPhoto(photo.small);
    const again = await fetchPhoto(photo.small, { "If-None-Match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it("refuses a text file named .jpg with 415, whatever Content-Type it claims", async () => {
    const pet = await createPet();
    const response = await uploadPhoto(pet.id, "this is not a photo of a dog\n");
    expect(response.status).toBe(415);
    expect(response.json).toMatchObject({ code: "unsupported_image", status: 415 });
  });

  it("refuses a truncated JPEG with 422 invalid_image", async () => {
    const pet = await createPet();
    const whole = await jpegWithGps(800, 600);
    const response = await uploadPhoto(pet.id, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(response.status, response.text).toBe(422);
    expect(response.json.code).toBe("invalid_image");
  });

  it("refuses a 30,000 × 30,000 PNG decompression bomb with 422 image_too_large, at once", async () => {
    const pet = await createPet();
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const response = await uploadPhoto(pet.id, bomb, { contentType: "image/png" });
    expect(response.status, response.text).toBe(422);
    expect(response.json.code).toBe("image_too_large");
    expect(response.json.message).toContain("30000 × 30000");
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await api(`/v1/pets/${pet.id}/photos`)).json).toEqual([]);
  });

  it("refuses a 1 × 49,000,000 PNG (under the pixel cap) from its header with 422, and takes the next upload", async () => {
    // Issue 37 item 7: a 95 KB file that held the photo worker half a minute and ended in a 500.
    const pet = await createPet();
    const needle = blackPng(1, 49_000_000, 1_000_000);
    expect(needle.length).toBeLessThan(200 * 1024);
    const response = await uploadPhoto(pet.id, needle, { contentType: "image/png" });
    expect(response.status, response.text).toBe(422);
    expect(response.json).toMatchObject({ status: 422, code: "image_too_large" });
    expect(response.json.message).toContain("1 × 49000000");
    for (const [width, height] of [
      [20_001, 100],
      [6_000, 500],
    ]) {
      const refused = await uploadPhoto(pet.id, blackPng(width!, height!, 100), { contentType: "image/png" });
      expect(refused.status, `${width} × ${height}: ${refused.text}`).toBe(422);
      expect(refused.json.code).toBe("image_too_large");
    }
    const next = await uploadPhoto(pet.id, await png(400, 300));
    expect(next.status, next.text).toBe(201);
    expect((await api(`/v1/pets/${pet.id}/photos`)).json).toHaveLength(1);
  });

  it("refuses a body over 15 MiB with 413, an unknown pet with 404 and a bad alt with 400", async () => {
    const pet = await createPet();
    const huge = Buffer.alloc(15 * 1024 * 1024 + 1, 0xff);
    const tooBig = await uploadPhoto(pet.id, huge);
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.code).toBe("payload_too_large");
    const image = await png(100, 100);
    expect((await uploadPhoto(99_999_999, image)).status).toBe(404);
    expect((await api("/v1/pets/abc/photos", { method: "POST", body: image, contentType: "image/png" })).status).toBe(
      400,
    );
    const badAlt = await uploadPhoto(pet.id, image, { alt: "x".repeat(301) });
    expect(badAlt.status).toBe(400);
    expect(badAlt.json.code).toBe("invalid_query");
  });

  it("needs pets:write to upload and pets:read to list", async () => {
    const pet = await createPet();
    const { key: reader } = await issueTestKey("photo reader", ["pets:read"]);
    const refused = await uploadPhoto(pet.id, await png(100, 100), { key: reader });
    expect(refused.status).toBe(403);
    expect((await api(`/v1/pets/${pet.id}/photos`, { key: reader })).status).toBe(200);
    expect((await api(`/v1/pets/${pet.id}/photos`, { key: null })).status).toBe(401);
  });
});

describe("an animal's photos", () => {
  it("are listed primary first, reordered, given a primary and alt text, and appear on the pet", async () => {
    const pet = await createPet();
    const ids: number[] = [];
    for (const width of [300, 400, 500]) ids.push((await uploadPhoto(pet.id, await png(width, 200))).json.id);
    const listed = await api(`/v1/pets/${pet.id}/photos`);
    expect(listed.json.map((photo: { id: number }) => photo.id)).toEqual(ids);

    const reordered = await api(`/v1/pets/${pet.id}/photos`, {
      method: "PATCH",
      json: { order: [ids[2], ids[0], ids[1]] },
    });
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.json.map((photo: { id: number }) => photo.id)).toEqual([ids[2], ids[0], ids[1]]);

    const primary = await api(`/v1/pets/${pet.id}/photos/${ids[1]}`, {
      method: "PATCH",
      json: { primary: true, alt: "Rex asleep" },
    });
    expect(primary.status, primary.text).toBe(200);
    expect(primary.json).toMatchObject({ id: ids[1], alt: "Rex asleep" });

    const page = await api("/v1/pets?limit=100");
    const shown = page.json.find((candidate: { id: number }) => candidate.id === pet.id);
    expect(shown.photos.map((photo: { id: number }) => photo.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(shown.photos[0].alt).toBe("Rex asleep");
    const single = await api(`/v1/pets/${pet.id}`);
    expect(single.json.photos[0].id).toBe(ids[1]);
  });

  it("refuses an order that does not name each photo once, and unknown photos", async () => {
    const pet = await createPet();
    const a = (await uploadPhoto(pet.id, await png(300, 200))).json.id;
    const b = (await uploadPhoto(pet.id, await png(310, 200))).json.id;
    for (const order of [[a], [a, a], [a, b, 999_999], []]) {
      const response = await api(`/v1/pets/${pet.id}/photos`, { method: "PATCH", json: { order } });
      expect(response.status, JSON.stringify(order)).toBe(400);
      expect(response.json.code).toBe("invalid_body");
    }
    expect((await api(`/v1/pets/${pet.id}/photos/999999`, { method: "PATCH", json: { alt: "x" } })).status).toBe(404);
    expect((await api(`/v1/pets/${pet.id}/photos/x`, { method: "DELETE" })).json.code).toBe("invalid_photo_id");
    expect((await api(`/v1/pets/${pet.id}/photos/${a}`, { method: "PATCH", json: {} })).status).toBe(400);
    expect((await api(`/v1/pets/${pet.id}/photos/${a}`, { method: "PATCH", json: { primary: false } })).status).toBe(
      400,
    );
  });

  it("stop being served once deleted, and the pet loses its photos field", async () => {
    const pet = await createPet();
    const photo = (await uploadPhoto(pet.id, await png(333, 222))).json;
    expect((await fetchPhoto(photo.full)).status).toBe(200);
    const deleted = await api(`/v1/pets/${pet.id}/photos/${photo.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    const gone = await fetchPhoto(photo.full);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("cache-control")).toBe("no-store");
    expect((await api(`/v1/pets/${pet.id}/photos/${photo.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await api(`/v1/pets/${pet.id}`)).json.photos).toBeUndefined();
  });

  it("are at most 12 per animal", async () => {
    const pet = await createPet();
    const image = await png(120, 80);
    for (let i = 0; i < 12; i++) expect((await uploadPhoto(pet.id, image)).status).toBe(201);
    const refused = await uploadPhoto(pet.id, image);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("too_many_photos");
  });

  it("serve no address that is not a stored copy", async () => {
    for (const path of ["/photos/nope.jpg", "/photos/../package.json", `/photos/${"a".repeat(32)}-320.jpg`]) {
      expect((await fetchPhoto(path)).status, path).toBe(404);
    }
  });
});
