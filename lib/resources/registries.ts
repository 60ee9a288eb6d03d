import { RESOURCES } from "./resources";
import type {
  ErrorCodeDeclaration,
  EventDeclaration,
  RefusalDeclaration,
  ResourceDeclaration,
} from "./define-resource";

/*
 * The registries as the declared resources (./resources.ts) make them: each a merge of one
 * member of every declaration with the registry's older list, its keys kept literal. Two
 * resources declaring one name is a mistake ./registries.test.ts catches.
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

type MergedKey = "scopes" | "eventReadScopes" | "events" | "errorCodes";

/**
 * Where the older lists (the registries' `OLDER_*` entries, docs/decisions/315) stand among the
 * declared resources: after every resource introduced by an earlier decision (pets 1, orders
 * 80, categories 81), before every later one (photos 175, people 185, the audit 187,
 * applications 191 and after). They hold what is not declared yet, and the entries a
 * declaration would move in the OpenAPI document. Any number from 82 to 175 would place them
 * so; 160 is the event feed's record, whose entries are all still in them.
 */
const OLDER_LISTS_DECISION = 160;
const BEFORE_OLDER = RESOURCES.filter((resource: ResourceDeclaration) => resource.decision < OLDER_LISTS_DECISION);
const AFTER_OLDER = RESOURCES.filter((resource: ResourceDeclaration) => resource.decision >= OLDER_LISTS_DECISION);

function membersOf<Key extends MergedKey>(resources: readonly ResourceDeclaration[], key: Key): object[] {
  return resources.map((resource) => resource[key] ?? {});
}

/**
 * One member of every declaration merged with a registry's older list, in place: the members
 * of the resources before the older lists, the older list, then the later ones' members.
 */
function mergedWith<Key extends MergedKey, Older extends object>(
  key: Key,
  older: Older,
): Readonly<Older & Merged<Key>> {
  return Object.freeze(
    Object.assign({}, ...membersOf(BEFORE_OLDER, key), older, ...membersOf(AFTER_OLDER, key)),
  ) as Readonly<Older & Merged<Key>>;
}

/** Every scope with the line the OpenAPI document says of it: the declared ones and the older list's. */
export function scopesWith<Older extends Readonly<Record<string, string>>>(older: Older) {
  return mergedWith("scopes", older) satisfies Readonly<Record<string, string>>;
}
/** Who reads each event prefix: the declared ones and the older list's. */
export function eventReadScopesWith<Older extends Readonly<Record<string, string | undefined>>>(older: Older) {
  return mergedWith("eventReadScopes", older) satisfies Readonly<Record<string, string | undefined>>;
}
/** Every event type with its payload's shape: the declared ones and the older list's. */
export function eventTypesWith<Older extends Readonly<Record<string, EventDeclaration>>>(older: Older) {
  return mergedWith("events", older) satisfies Readonly<Record<string, EventDeclaration>>;
}
/** Every error code with its status and meaning: the declared ones and the older list's. */
export function errorCodesWith<Older extends Readonly<Record<string, ErrorCodeDeclaration>>>(older: Older) {
  return mergedWith("errorCodes", older) satisfies Readonly<Record<string, ErrorCodeDeclaration>>;
}

/** Every declared refusal, classes before tests for families (a family may hold a class another names). */
export const RESOURCE_REFUSALS: readonly RefusalDeclaration[] = (() => {
  const all = RESOURCES.flatMap((resource: ResourceDeclaration) => resource.refusals ?? []);
  return [...all.filter((refusal) => refusal.error), ...all.filter((refusal) => refusal.family)];
})();

type Tag = { name: string; description: string };
const tagsOf = (resources: readonly ResourceDeclaration[]): Tag[] =>
  resources.flatMap((resource) => (resource.tag ? [resource.tag] : []));

/** Every OpenAPI tag: the declared resources' and the older list's, in place. */
export function tagsWith(older: readonly Tag[]): readonly Tag[] {
  return [...tagsOf(BEFORE_OLDER), ...older, ...tagsOf(AFTER_OLDER)];
}
