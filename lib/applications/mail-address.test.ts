import { describe, expect, it } from "vitest";
import { mailboxOf } from "./mail-address";

describe("mailboxOf", () => {
  it("counts case, a +tag and Gmail's dots as one mailbox", () => {
    for (const variant of ["Kim.Lee+1@Gmail.com", "kimlee@googlemail.com", " k.i.m.l.e.e+adopt@gmail.com "]) {
      expect(mailboxOf(variant)).toBe("kimlee@gmail.com");
    }
  });

  it("drops a +tag on any domain but keeps dots where the provider does not ignore them", () => {
    expect(mailboxOf("Kim.Lee+rex@Example.org")).toBe("kim.lee@example.org");
    expect(mailboxOf("kimlee@example.org")).not.toBe(mailboxOf("kim.lee@example.org"));
  });

  it("leaves a local part that is only a tag alone", () => {
    expect(mailboxOf("+x@example.org")).toBe("+x@example.org");
  });
});
