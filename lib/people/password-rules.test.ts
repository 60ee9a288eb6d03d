import { describe, expect, it } from "vitest";
import { weakPasswordRule } from "./password-rules";

describe("weakPasswordRule (issue 37 item 10)", () => {
  it("refuses the most common passwords, in any case, and those padded with digits or symbols", () => {
    for (const password of [
      "password1234",
      "PASSWORD1234",
      "1q2w3e4r5t6y",
      "qwertyuiop12",
      "princess1234",
      "!!dragon2024!!",
    ])
      expect(weakPasswordRule(password), password).toMatch(/most common passwords/);
  });

  it("refuses repetitions and runs", () => {
    for (const password of [
      "aaaaaaaaaaaa",
      "abababababab",
      "abcdabcdabcd",
      "passwordpassword",
      "abcdefghijkl",
      "234567890123",
      "987654321098",
    ])
      expect(weakPasswordRule(password), password).toMatch(/repeated|run/);
  });

  it("accepts a passphrase, and a long random password", () => {
    for (const password of [
      "a long enough passphrase",
      "another long passphrase",
      "T7#qL9!vWx2$",
      "correct horse battery staple",
    ])
      expect(weakPasswordRule(password), password).toBeUndefined();
  });
});
