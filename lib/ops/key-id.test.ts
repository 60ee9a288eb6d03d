import { expect, it } from "vitest";
import { keyIdOf } from "./key-id";

it("names a bearer key by a digest prefix that does not contain it", () => {
  const key = "test-key-1-4f9a2c81d7e6";
  const id = keyIdOf(`Bearer ${key}`);
  expect(id).toMatch(/^key:[0-9a-f]{12}$/);
  expect(id).not.toContain(key);
  expect(keyIdOf(`bearer   ${key}`)).toBe(id);
  expect(keyIdOf("Bearer another-key-0123456789")).not.toBe(id);
});

it("names nothing without a bearer credential", () => {
  expect(keyIdOf(null)).toBeUndefined();
  expect(keyIdOf("")).toBeUndefined();
  expect(keyIdOf("Basic dXNlcjpwYXNz")).toBeUndefined();
});
