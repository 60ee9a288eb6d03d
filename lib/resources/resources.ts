import type { ResourceDeclaration } from "./define-resource";
import * as declared from "./declared-resources";

/**
 * Items that each belong to a resource (the declarations themselves, their storage, their
 * operations), in the order the resources were introduced: by the `decision` that introduced
 * each (docs/decisions/305). Every list of resources is read in this order, so a module's
 * exports (which a namespace holds in name order) can be the list, one line a resource.
 */
export function inResourceOrder<Item>(items: readonly Item[], resourceOf: (item: Item) => ResourceDeclaration): Item[] {
  return [...items].sort((a, b) => resourceOf(a).decision - resourceOf(b).decision);
}

/**
 * Every resource declared with defineResource (docs/decisions/282), one line each in
 * ./declared-resources.ts, in the order of the decisions that introduced them. The scopes
 * (lib/keys/scopes.ts), the event registry (lib/events/event-types.ts), the error codes
 * (lib/api/errors.ts), their answers (lib/api/to-api-error.ts) and the document's tags follow,
 * each with its older list (the entries no declaration holds) in place among them
 * (./registries.ts, docs/decisions/315).
 */
export const RESOURCES = inResourceOrder(Object.values(declared), (resource) => resource);
