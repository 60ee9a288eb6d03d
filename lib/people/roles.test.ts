import { describe, expect, it } from "vitest";
import { grants, SCOPES } from "@/lib/keys/scopes";
import { scopesOf } from "./roles";

const shelter = { volunteersPlaceOrders: false };

describe("scopesOf", () => {
  it("gives admins every scope", () => {
    expect(scopesOf("admin", shelter)).toEqual(SCOPES);
  });

  it("lets staff run animals and adoptions but not people, keys, webhooks or the record", () => {
    const staff = scopesOf("staff", shelter);
    for (const scope of ["pets:write", "orders:write", "orders:place", "categories:write"] as const)
      expect(grants(staff, scope), scope).toBe(true);
    for (const scope of ["people:write", "keys:write", "webhooks:write", "audit:read"] as const)
      expect(grants(staff, scope), scope).toBe(false);
  });

  it("lets volunteers read, and place orders only where the shelter allows it", () => {
    expect(grants(scopesOf("volunteer", shelter), "pets:read")).toBe(true);
    expect(grants(scopesOf("volunteer", shelter), "orders:place")).toBe(false);
    const allowed = scopesOf("volunteer", { volunteersPlaceOrders: true });
    expect(grants(allowed, "orders:place")).toBe(true);
    expect(grants(allowed, "orders:write")).toBe(false);
    expect(grants(allowed, "pets:write")).toBe(false);
  });

  it("lets staff read and write the medical record, and volunteers only read it (decision 249)", () => {
    for (const scope of ["medical:read", "medical:write"] as const) {
      expect(grants(scopesOf("staff", shelter), scope), scope).toBe(true);
      expect(grants(scopesOf("admin", shelter), scope), scope).toBe(true);
    }
    for (const volunteer of [scopesOf("volunteer", shelter), scopesOf("volunteer", { volunteersPlaceOrders: true })]) {
      expect(grants(volunteer, "medical:read")).toBe(true);
      expect(grants(volunteer, "medical:write")).toBe(false);
    }
  });
});
