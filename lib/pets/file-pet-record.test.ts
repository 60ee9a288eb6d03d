import { expect, it } from "vitest";
import { encodeLine, verifiedBodyEnd } from "@/lib/store/file/line-codec";
import { decodePet, encodePetLine, nameOf, type PetRecord } from "./file-pet-record";

function decode(line: string): PetRecord | undefined {
  const buf = Buffer.from(line);
  const end = buf.length - 1; // without the newline
  const bodyEnd = verifiedBodyEnd(buf, 0, end);
  expect(bodyEnd).toBeGreaterThan(0);
  const pet = decodePet(buf, 0, bodyEnd, end);
  return pet && { id: pet.id, categoryId: pet.categoryId, status: pet.status, name: nameOf(pet) };
}

it("reads back what it writes, escapes included", () => {
  for (const name of ["Rex", '🐶 "quoted" \\ back', "e\u0301 柴犬", "\u2028 line separator"]) {
    const pet: PetRecord = { id: 9_007_199_254_740_991, categoryId: 12, status: "pending", name };
    expect(decode(encodePetLine(pet))).toEqual(pet);
  }
});

it("reads a valid line written in another member order, as a person editing by hand might", () => {
  const line = encodeLine({ name: "Hand made", status: "sold", id: 4, categoryId: 2 });
  expect(decode(line)).toEqual({ id: 4, categoryId: 2, status: "sold", name: "Hand made" });
});

it("rejects lines with a good checksum but no valid pet", () => {
  expect(decode(encodeLine({ id: 0, categoryId: 2, status: "sold", name: "Zero" }))).toBeUndefined();
  expect(decode(encodeLine({ id: 3, categoryId: 2, status: "lost", name: "Nope" }))).toBeUndefined();
  expect(decode(encodeLine({ id: 3, categoryId: 2, status: "sold", name: "" }))).toBeUndefined();
});

it("notices any changed byte", () => {
  const line = Buffer.from(encodePetLine({ id: 1, categoryId: 1, status: "sold", name: "Rex" }));
  for (let at = 0; at < line.length - 1; at++) {
    const damaged = Buffer.from(line);
    damaged[at] = (damaged[at] as number) ^ 0x01;
    expect(verifiedBodyEnd(damaged, 0, damaged.length - 1), `byte ${at}`).toBe(-1);
  }
});
