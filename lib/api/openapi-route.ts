import "server-only";
import { apiRoute } from "./api-route";
import { openApiDocumentJson } from "@/lib/api/openapi/openapi-document";

// Public: the document describes the API and says nothing about pets.
export const openApiDocument = apiRoute(
  { auth: "public" },
  async () =>
    new Response(openApiDocumentJson(), {
      headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" },
    }),
);
