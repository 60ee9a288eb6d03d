import { describe, expect, it } from "vitest";
import { ErrorCode } from "@/lib/api/errors";
import { openApiDocumentJson } from "./openapi-document";

const document = JSON.parse(openApiDocumentJson());

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with the contract's three operations", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.paths["/pets"].get.operationId).toBe("listPets");
    expect(document.paths["/pets"].post.operationId).toBe("createPet");
    expect(document.paths["/pets/{petId}"].get).toMatchObject({ operationId: "getPet", deprecated: true });
  });

  it("links getPet's description to its migration notes, which the /docs reference renders", () => {
    expect(document.paths["/pets/{petId}"].get.description).toContain("[migration notes](/docs/deprecations#get-pet)");
  });

  it("describes the list query from the same schema that validates it", () => {
    const [limit, status, cursor] = document.paths["/pets"].get.parameters;
    expect(limit).toMatchObject({
      name: "limit",
      in: "query",
      schema: { type: "integer", minimum: 1, maximum: 100, default: 20 },
    });
    expect(status).toMatchObject({ name: "status", schema: { $ref: "#/components/schemas/PetStatus" } });
    expect(cursor).toMatchObject({ name: "cursor", schema: { type: "string" } });
  });

  it("publishes the closed set of error codes", () => {
    expect(document.components.schemas.ErrorCode.enum).toEqual(ErrorCode.options);
    expect(document.components.schemas.Error.required).toEqual(["code", "message", "status"]);
  });

  it("keeps NewPet closed and names categoryId's safe range", () => {
    const newPet = document.components.schemas.NewPet;
    expect(newPet.additionalProperties).toBe(false);
    expect(newPet.required).toEqual(["name", "categoryId"]);
    expect(newPet.properties.categoryId).toMatchObject({
      type: "integer",
      format: "int64",
      maximum: Number.MAX_SAFE_INTEGER,
    });
  });

  it("has no dangling references", () => {
    const refs = [...openApiDocumentJson().matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(10);
    for (const [, kind, name] of refs) expect(document.components[kind!]?.[name!], `${kind}/${name}`).toBeDefined();
  });

  it("requires the bearer scheme everywhere", () => {
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("states x-stability on every operation, one of the three levels", () => {
    const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
    const missing: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths) as [string, Record<string, unknown>][]) {
      for (const method of methods.filter((name) => name in item)) {
        operations++;
        const stability = (item[method] as { "x-stability"?: unknown })["x-stability"];
        if (!["stable", "beta", "experimental"].includes(stability as string)) missing.push(`${method} ${path}`);
      }
    }
    expect(operations).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it("states every operation's stability: pets stable, categories and the key's self-description beta, orders, events, webhooks, people, applications, the animal's record and statistics experimental", () => {
    const stability: Record<string, string> = {};
    for (const item of Object.values(document.paths) as Record<string, { operationId: string }>[]) {
      for (const operation of Object.values(item) as { operationId: string; "x-stability": string }[]) {
        stability[operation.operationId] = operation["x-stability"];
      }
    }
    expect(stability).toEqual({
      listPets: "stable",
      createPet: "stable",
      getPet: "stable",
      updatePet: "beta",
      listPhotos: "beta",
      uploadPhoto: "beta",
      reorderPhotos: "beta",
      updatePhoto: "beta",
      deletePhoto: "beta",
      getPetHealthSummary: "experimental",
      listOrders: "experimental",
      placeOrder: "experimental",
      getOrder: "experimental",
      updateOrderStatus: "experimental",
      listCategories: "beta",
      createCategory: "beta",
      renameCategory: "beta",
      listCategorySpecies: "experimental",
      setCategorySpecies: "experimental",
      getMe: "beta",
      listEvents: "experimental",
      listWebhookEndpoints: "experimental",
      createWebhookEndpoint: "experimental",
      getWebhookEndpoint: "experimental",
      updateWebhookEndpoint: "experimental",
      deleteWebhookEndpoint: "experimental",
      rotateWebhookSecret: "experimental",
      sendWebhookTest: "experimental",
      listWebhookDeliveries: "experimental",
      redeliverWebhook: "experimental",
      listPeople: "experimental",
      createPerson: "experimental",
      getPerson: "experimental",
      updatePerson: "experimental",
      invitePerson: "experimental",
      listAudit: "experimental",
      listKeys: "experimental",
      createKey: "experimental",
      revokeKey: "experimental",
      listApplications: "experimental",
      createApplication: "experimental",
      getApplication: "experimental",
      updateApplication: "experimental",
      addApplicationNote: "experimental",
      exportPersonalData: "experimental",
      erasePersonalData: "experimental",
      listPetStays: "experimental",
      recordIntake: "experimental",
      recordReturn: "experimental",
      listOpenStays: "experimental",
      getStay: "experimental",
      recordOutcome: "experimental",
      correctIntake: "experimental",
      correctOutcome: "experimental",
      withdrawOutcome: "experimental",
      placeInFoster: "experimental",
      changePlacement: "experimental",
      listTreatmentItems: "experimental",
      addTreatmentItem: "experimental",
      changeTreatmentItem: "experimental",
      listMedicalEntries: "experimental",
      recordMedicalEntry: "experimental",
      getMedicalEntry: "experimental",
      correctMedicalEntry: "experimental",
      getHealthFacts: "experimental",
      changeHealthFacts: "experimental",
      addWeight: "experimental",
      getDueList: "experimental",
      issueCalendarToken: "experimental",
      revokeCalendarToken: "experimental",
      getStats: "experimental",
      getStatsMembers: "experimental",
      getStatsMatrixCsv: "experimental",
      getStatsRecordsCsv: "experimental",
    });
    expect(document.paths["/pets/{petId}"].get.deprecated).toBe(true);
  });
});
