import { describe, expect, it } from "vitest";
import { grants } from "./scopes";

describe("grants", () => {
  it("grants a held scope and nothing else", () => {
    expect(grants(["pets:read"], "pets:read")).toBe(true);
    expect(grants(["pets:read"], "pets:write")).toBe(false);
  });

  it("lets orders:write place orders, as it always has, but not the other way round", () => {
    expect(grants(["orders:write"], "orders:place")).toBe(true);
    expect(grants(["orders:place"], "orders:place")).toBe(true);
    expect(grants(["orders:place"], "orders:write")).toBe(false);
  });
});
