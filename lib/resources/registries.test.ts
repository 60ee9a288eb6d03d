import { describe, expect, it } from "vitest";
import * as z from "zod";
import { RESOURCES } from "./resources";
import { defineResource, type ResourceDeclaration } from "./define-resource";
import { clashesAmong, type RegistryNames } from "./clashes";
import { OLDER_SCOPES, SCOPES } from "@/lib/keys/scopes";
import { EVENT_TYPE_NAMES, OLDER_EVENT_TYPES, OLDER_READ_SCOPES, READ_SCOPES } from "@/lib/events/event-types";
import { ERROR_CODES, ErrorCode, OLDER_ERROR_CODES } from "@/lib/api/errors";
import { OLDER_TAGS } from "@/lib/api/openapi/openapi-document";
import { RESOURCE_APIS, V1_OPERATIONS } from "@/lib/api/v1-operations";
import { RESOURCE_REFUSALS } from "./registries";

/** The names a declaration (and its operations, when it has them) puts into the registries. */
function namesOf(resource: ResourceDeclaration, operations: readonly string[] = []): RegistryNames {
  return {
    owner: resource.name,
    scopes: Object.keys(resource.scopes ?? {}),
    eventTypes: Object.keys(resource.events ?? {}),
    eventPrefixes: Object.keys(resource.eventReadScopes ?? {}),
    errorCodes: Object.keys(resource.errorCodes ?? {}),
    tags: resource.tag ? [resource.tag.name] : [],
    operations,
  };
}

const declaredOperations = new Set(RESOURCE_APIS.flatMap((api) => api.operations));
const older: RegistryNames = {
  owner: "the older registries",
  scopes: Object.keys(OLDER_SCOPES),
  eventTypes: Object.keys(OLDER_EVENT_TYPES),
  eventPrefixes: Object.keys(OLDER_READ_SCOPES),
  errorCodes: Object.keys(OLDER_ERROR_CODES),
  tags: OLDER_TAGS.map((tag) => tag.name),
  operations: V1_OPERATIONS.filter((operation) => !declaredOperations.has(operation)).map((op) => op.operationId),
};

describe("the declared resources", () => {
  it("declare each scope, event type, event prefix, error code, tag and operation once", () => {
    const declared = RESOURCES.map((resource) =>
      namesOf(
        resource,
        RESOURCE_APIS.filter((api) => api.resource === resource).flatMap((api) =>
          api.operations.map((operation) => operation.operationId),
        ),
      ),
    );
    expect(clashesAmong([older, ...declared])).toEqual([]);
    // Nothing was lost to a merge: each registry holds every name once.
    expect(SCOPES).toHaveLength(new Set([...(older.scopes ?? []), ...declared.flatMap((d) => d.scopes ?? [])]).size);
    expect(EVENT_TYPE_NAMES).toHaveLength(
      Object.keys(OLDER_EVENT_TYPES).length + declared.flatMap((d) => d.eventTypes).length,
    );
    expect(Object.keys(ERROR_CODES)).toHaveLength(
      Object.keys(OLDER_ERROR_CODES).length + declared.flatMap((d) => d.errorCodes).length,
    );
  });

  it("name a clash: two resources declaring one event type, error code or operation", () => {
    const event = { object: z.object({}), extra: {}, summary: "A thing happened" };
    const first = defineResource({
      name: "first",
      decision: 901,
      events: { "thing.happened": event },
      errorCodes: { thing_refused: { status: 409, description: "no" } },
    });
    const second = defineResource({
      name: "second",
      decision: 902,
      events: { "thing.happened": event },
      errorCodes: { thing_refused: { status: 409, description: "no" } },
    });
    expect(clashesAmong([namesOf(first, ["getThing"]), namesOf(second, ["getThing"]), older])).toEqual([
      "eventTypes thing.happened: first, second",
      "errorCodes thing_refused: first, second",
      "operations getThing: first, second",
    ]);
    expect(
      clashesAmong([
        namesOf(first),
        older,
        namesOf(defineResource({ name: "first", decision: 903, tag: OLDER_TAGS[0] })),
      ]),
    ).toEqual(["resource first: declared 2 times", `tags ${OLDER_TAGS[0]!.name}: the older registries, first`]);
  });

  it("answer refusals with codes of the closed set, and read events with known scopes", () => {
    for (const refusal of RESOURCE_REFUSALS) expect(ErrorCode.safeParse(refusal.code).success, refusal.code).toBe(true);
    for (const scope of Object.values(READ_SCOPES)) if (scope) expect(SCOPES).toContain(scope);
  });

  it("tag every operation with a tag the document lists", () => {
    const tags = new Set(
      [...OLDER_TAGS, ...RESOURCES.flatMap((r: ResourceDeclaration) => (r.tag ? [r.tag] : []))].map((t) => t.name),
    );
    for (const operation of V1_OPERATIONS) expect(tags, operation.operationId).toContain(operation.document.tag);
  });
});
