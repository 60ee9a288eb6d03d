import "server-only";
import { apiRoute } from "./api-route";
import { openApiDocumentJson } from "./openapi/openapi-document";

export const openApiDocument = apiRoute(
  async () =>
    new Response(openApiDocumentJson(), {
      headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" },
    }),
);
