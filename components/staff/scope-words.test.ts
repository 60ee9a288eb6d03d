import { describe, expect, it } from "vitest";
import { describeScopes, roleRefusal } from "./scope-words";

describe("describeScopes", () => {
  it("says what a key may do in words, joined as a sentence", () => {
    expect(describeScopes(["pets:read"])).toBe("see pets");
    expect(describeScopes(["pets:read", "orders:read"])).toBe("see pets and see orders");
    expect(describeScopes(["pets:read", "pets:write", "orders:write"])).toBe("see pets, add pets and manage adoptions");
  });

  it("shows an unknown scope as it is, and no scopes as nothing", () => {
    expect(describeScopes(["later:scope"])).toBe("later:scope");
    expect(describeScopes([])).toBe("nothing");
  });
});

describe("roleRefusal", () => {
  it("tells a person of their role and who can change it, never of a key's scope", () => {
    const words = roleRefusal("webhooks:read", "volunteer");
    expect(words).toBe("Your role (volunteer) doesn't let you see webhooks; an admin can change that.");
    expect(words).not.toMatch(/key|scope/);
  });
});
