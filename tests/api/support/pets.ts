import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { api, header, type ApiResponse } from "./api";

export interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status: "available" | "pending" | "sold";
}

export const STATUSES = ["available", "pending", "sold"] as const;

/** A name no other test uses, so a test can find its own pets. */
export function uniqueName(prefix = "pet"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export async function createPet(body: Record<string, unknown> = {}): Promise<Pet> {
  const response = await api("/v1/pets", { json: { name: uniqueName(), categoryId: 1, ...body } });
  expect(response.status, `create failed: ${response.text}`).toBe(201);
  return response.json as Pet;
}

/** Creates pets one after another (ids increase in this order). */
export async function createPets(
  count: number,
  body: (index: number) => Record<string, unknown> = () => ({}),
): Promise<Pet[]> {
  const pets: Pet[] = [];
  for (let i = 0; i < count; i++) pets.push(await createPet(body(i)));
  return pets;
}

export const NEXT_LINK = /^<(\/v1\/pets\?[^>]+)>; rel="next"$/;

/** The URI reference of a `rel="next"` Link, or undefined on the last page. */
export function nextLink(response: ApiResponse): string | undefined {
  if (response.headers.link === undefined) return undefined;
  const link = header(response, "link");
  const match = NEXT_LINK.exec(link);
  expect(match, `Link header ${link}`).not.toBeNull();
  return match?.[1];
}

/**
 * Follows Link headers from `firstPath` to the last page. `beforeEachPage` runs before
 * every request after the first (to interleave writes with the walk).
 */
export async function walkPages(
  firstPath: string,
  beforeEachPage?: (pageIndex: number) => Promise<void>,
): Promise<{ pages: Pet[][]; pets: Pet[] }> {
  const pages: Pet[][] = [];
  let path: string | undefined = firstPath;
  while (path) {
    if (pages.length > 0 && beforeEachPage) await beforeEachPage(pages.length);
    const response = await api(path);
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    pages.push(response.json as Pet[]);
    path = nextLink(response);
    expect(pages.length, "walk does not end").toBeLessThan(10_000);
  }
  return { pages, pets: pages.flat() };
}

/** Every pet in the store (optionally with one status), newest first. */
export async function allPets(status?: string): Promise<Pet[]> {
  const query = status ? `?limit=100&status=${status}` : "?limit=100";
  return (await walkPages(`/v1/pets${query}`)).pets;
}

export function expectPetShape(pet: unknown): asserts pet is Pet {
  expect(Object.keys(pet as object).sort()).toEqual(["categoryId", "id", "name", "status"]);
}
