import { openApiDocument } from "@/lib/api/openapi-route";
import { OPENAPI_METHODS } from "@/lib/api/v1-methods";
import { v1Route } from "@/lib/api/v1-route";

// OPTIONS is declared through v1Route, or Next answers it itself with a bare 204 listing every method.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Route(OPENAPI_METHODS, { GET: openApiDocument });

export const dynamic = "force-dynamic";
