import type * as z from "zod";

/*
 * A resource declared once (docs/decisions/282): what the registries every resource shares
 * (scopes, event types and who reads them, error codes and their HTTP statuses, the OpenAPI
 * tag) need to know of it, in one object in the resource's own folder. The registries read
 * them off the one list, lib/resources/resources.ts. What lives in a higher band (its file
 * parts and stores, its operations) is declared beside it in that band and listed in that
 * band's list (docs/decisions/305).
 */

/** An event type: the resource its `data.object` holds, extra `data` fields, and what it means. */
export interface EventDeclaration {
  object: z.ZodType;
  extra: z.ZodRawShape;
  summary: string;
}

/** An error code: its HTTP status and, for the ErrorCode schema, what it means. */
export interface ErrorCodeDeclaration {
  status: number;
  description: string;
  /** Answered only by /auth, never by /v1 (the description says so). */
  authOnly?: boolean;
}

/**
 * A refusal of the domain (a branded error) and the code that answers it: `error`, its class,
 * or `family`, a test for the rest of a family of them (tried after every class); the HTTP
 * status is the code's, the message the error's own (domain refusals never hold personal data),
 * and `field` names the offending field in `details` where the answer is about one.
 */
export type RefusalDeclaration = (
  | { error: abstract new (...args: never[]) => Error; family?: never }
  | { family: (error: unknown) => boolean; error?: never }
) & {
  code: string;
  field?: { field: string; message: string };
  /** The answer's message, where it is not the error's own. */
  message?: (error: never) => string;
  /** The answer's `currentStatus`, on a conflict that depends on it. */
  currentStatus?: (error: never) => string;
};

export interface ResourceDeclaration {
  /** Unique among resources; names the resource in tests and messages. */
  name: string;
  /**
   * The decision record that introduced the resource (docs/decisions/NNN). Resources are
   * listed in this order, wherever a list of them is read (./resources.ts): the next one,
   * introduced by a later record, comes last, so the OpenAPI document's order and the file
   * store's snapshot sections before it stay where they are.
   */
  decision: number;
  /** The OpenAPI tag the resource's operations are listed under, when it brings its own. */
  tag?: { name: string; description: string };
  /** The scopes it introduces, each with the line the OpenAPI document says of it. */
  scopes?: Readonly<Record<string, string>>;
  /**
   * Who may read its events, by prefix (`stay` for `stay.opened`): the scope that reads the
   * resource itself, or undefined for a public one (docs/decisions/209).
   */
  eventReadScopes?: Readonly<Record<string, string | undefined>>;
  /** Its event types, each with its payload's shape (docs/decisions/160). */
  events?: Readonly<Record<string, EventDeclaration>>;
  /** The error codes it introduces. */
  errorCodes?: Readonly<Record<string, ErrorCodeDeclaration>>;
  /** Its domain errors and the codes (its own or any other) that answer them, first match wins. */
  refusals?: readonly RefusalDeclaration[];
}

/**
 * Declares a resource. The declaration is returned as it was written (frozen), its keys kept
 * literal, so the registries built from the list keep event types, scopes and error codes as
 * unions of string literals.
 */
export function defineResource<const Declaration extends ResourceDeclaration>(declaration: Declaration): Declaration {
  return Object.freeze(declaration);
}
