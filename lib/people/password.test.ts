import { describe, expect, it } from "vitest";
import {
  currentPasswordCost,
  hashPassword,
  needsRehash,
  PASSWORD_COST,
  verifyPassword,
  verifyNothing,
} from "./password";

// Cheap parameters for the rules; the real cost is measured by npm run bench:sign-in.
const CHEAP = { N: 1024, r: 8, p: 1 };

describe("passwords", () => {
  it("verifies the password a hash was made from, and no other", async () => {
    const stored = await hashPassword("correct horse battery", CHEAP);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
  });

  it("salts each hash", async () => {
    expect(await hashPassword("same password!", CHEAP)).not.toBe(await hashPassword("same password!", CHEAP));
  });

  it("treats the same text in either Unicode form as one password", async () => {
    const stored = await hashPassword("caf\u00e9 au lait!", CHEAP);
    expect(await verifyPassword("cafe\u0301 au lait!", stored)).toBe(true);
  });

  it("refuses malformed or absurd stored hashes without throwing", async () => {
    for (const stored of ["", "scrypt$1$2", "bcrypt$1$2$3$4$5", "scrypt$1099511627776$8$1$aa$bb"])
      expect(await verifyPassword("anything at all", stored)).toBe(false);
  });

  it("asks for a re-hash below today's parameters only", async () => {
    expect(needsRehash(await hashPassword("a password here", CHEAP))).toBe(true);
    expect(needsRehash(`scrypt$${PASSWORD_COST.N}$${PASSWORD_COST.r}$${PASSWORD_COST.p}$aa$bb`)).toBe(false);
  });

  it("hashes at production's full cost unless a test server was given a cheaper one (docs/decisions/236)", () => {
    expect(PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(currentPasswordCost()).toEqual(PASSWORD_COST);
  });

  it("answers false for no account, after doing the same work", async () => {
    expect(await verifyNothing("whatever was typed")).toBe(false);
    // One full-cost scrypt (128 MiB, about half a second idle), several times that on a busy machine.
  }, 30_000);
});
