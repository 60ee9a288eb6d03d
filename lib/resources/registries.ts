import { RESOURCES } from "./resources";
import type {
  ErrorCodeDeclaration,
  EventDeclaration,
  RefusalDeclaration,
  ResourceDeclaration,
} from "./define-resource";

/*
 * The registries as the declared resources (./resources.ts) make them: each a merge of one
 * member of every declaration, its keys kept literal. Two resources declaring one name is a
 * mistake ./registries.test.ts catches.
 */

type Declared = (typeof RESOURCES)[number];
type UnionToIntersection<Union> = (Union extends unknown ? (member: Union) => void : never) extends (
  member: infer Intersection,
) => void
  ? Intersection
  : never;
/** A declaration's member, or nothing (distributed over a union of declarations). */
type MemberOf<Resource, Key extends string> = Resource extends { readonly [K in Key]: infer Value }
  ? Value
  : Record<never, never>;
/** One member of every declaration, merged: `{ "stay.opened": …, "medical.recorded": … }`. */
type Merged<Key extends string> = UnionToIntersection<MemberOf<Declared, Key>>;

function merged<Key extends "scopes" | "eventReadScopes" | "events" | "errorCodes">(key: Key): Merged<Key> {
  const members = RESOURCES.map((resource) => (resource as ResourceDeclaration)[key] ?? {});
  return Object.freeze(Object.assign({}, ...members)) as Merged<Key>;
}

/** Each declared scope with the line the OpenAPI document says of it. */
export const RESOURCE_SCOPES = merged("scopes") satisfies Readonly<Record<string, string>>;
/** Who reads each declared event prefix. */
export const RESOURCE_EVENT_READ_SCOPES = merged("eventReadScopes") satisfies Readonly<
  Record<string, string | undefined>
>;
/** Each declared event type with its payload's shape. */
export const RESOURCE_EVENT_TYPES = merged("events") satisfies Readonly<Record<string, EventDeclaration>>;
/** Each declared error code with its status and meaning. */
export const RESOURCE_ERROR_CODES = merged("errorCodes") satisfies Readonly<Record<string, ErrorCodeDeclaration>>;

/** Every declared refusal, classes before tests for families (a family may hold a class another names). */
export const RESOURCE_REFUSALS: readonly RefusalDeclaration[] = (() => {
  const all = RESOURCES.flatMap((resource: ResourceDeclaration) => resource.refusals ?? []);
  return [...all.filter((refusal) => refusal.error), ...all.filter((refusal) => refusal.family)];
})();

/** The declared resources' OpenAPI tags, in list order. */
export const RESOURCE_TAGS: readonly { name: string; description: string }[] = RESOURCES.flatMap(
  (resource: ResourceDeclaration) => (resource.tag ? [resource.tag] : []),
);
