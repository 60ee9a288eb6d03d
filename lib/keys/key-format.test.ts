import { describe, expect, it } from "vitest";
import { generateKey, hashKey, ISSUED_KEY_LENGTH, issuedKeyId, KEY_PREFIX, sameHash } from "./key-format";
import { B64TOKEN } from "@/lib/api/b64token";

describe("issued key format", () => {
  it("has a fixed prefix and length, is a bearer token, and names its id", () => {
    const { key, id } = generateKey();
    expect(key.startsWith(KEY_PREFIX)).toBe(true);
    expect(key).toHaveLength(ISSUED_KEY_LENGTH);
    expect(B64TOKEN.test(key)).toBe(true);
    expect(issuedKeyId(key)).toBe(id);
  });

  it("catches a one-character typo by its checksum", () => {
    const { key } = generateKey();
    const position = 30;
    const typo = key.slice(0, position) + (key[position] === "a" ? "b" : "a") + key.slice(position + 1);
    expect(issuedKeyId(typo)).toBeUndefined();
  });

  it("refuses other shapes", () => {
    expect(issuedKeyId("test-key-1-4f9a2c81d7e6")).toBeUndefined();
    expect(issuedKeyId(generateKey().key + "x")).toBeUndefined();
  });

  it("compares hashes in constant time and by value", () => {
    const { key } = generateKey();
    expect(sameHash(hashKey(key), hashKey(key))).toBe(true);
    expect(sameHash(hashKey(key), hashKey(generateKey().key))).toBe(false);
  });
});
