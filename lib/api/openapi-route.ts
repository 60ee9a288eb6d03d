import "server-only";
import { defineOperation } from "./operation";
import { openApiDocumentJson } from "@/lib/api/openapi/openapi-document";

/**
 * GET /v1/openapi.json. Public: the document describes the API and says nothing about pets.
 * It is served beside the operations it describes, not listed among them (./v1-routes.ts).
 */
export const serveOpenApiDocument = defineOperation(
  {
    operationId: "getOpenApiDocument",
    method: "GET",
    path: "/openapi.json",
    auth: "public",
    stability: "stable",
    summary: "This API's OpenAPI 3.1 document",
  },
  async () =>
    new Response(openApiDocumentJson(), {
      headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" },
    }),
);
