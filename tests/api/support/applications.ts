import { expect } from "vitest";
import type { ApiResponse } from "./api";

/*
 * The adopters' application form as a browser sends it (issue 26): urlencoded fields, from
 * our own origin. Shared by tests/api/applications-form.test.ts and applications-mail.test.ts.
 */

export type Fields = Record<string, string>;

/** A complete, honest application, as the form's fields. */
export function goodFields(email: string, overrides: Fields = {}): Fields {
  return {
    name: "Ada Lovelace",
    email,
    phone: "",
    adults: "2",
    childrenAges: "4, 9",
    otherAnimals: "An old cat who ignores dogs.",
    homeType: "house",
    tenure: "own",
    garden: "private",
    hoursAlone: "3",
    experience: "We have had dogs for twenty years.",
    whyThisAnimal: "Calm, and loves long walks like we do.",
    consentToContact: "on",
    website: "",
    ...overrides,
  };
}

export const encode = (fields: Fields) => new URLSearchParams(fields).toString();

export const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.org`;

/** The signed form stamp a page's form carries. */
export function formStampOf(html: string): string {
  const stamp = /name="formStamp" value="([^"]+)"/.exec(html)?.[1];
  expect(stamp, "the form carries a signed stamp").toBeDefined();
  return stamp!;
}

/** The status link's token from the 303 that answers an application taken. */
export function tokenOf(response: ApiResponse): string {
  expect(response.status, response.text.slice(0, 500)).toBe(303);
  const match = /^\/applications\/([A-Za-z0-9_-]{43})\?submitted$/.exec(String(response.headers.location));
  expect(match, String(response.headers.location)).not.toBeNull();
  return match![1]!;
}

/** A page's text without its markup, entities decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
