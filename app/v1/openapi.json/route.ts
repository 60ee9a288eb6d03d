import { allowedMethods, methodNotAllowed } from "@/lib/api/method-routes";
import { openApiDocument } from "@/lib/api/openapi-route";
import { OPENAPI_METHODS } from "@/lib/api/v1-methods";

const ALLOWED = OPENAPI_METHODS;

// The only /v1 path served without a key: it describes the API, nothing about pets.
export const GET = openApiDocument;
// Declared, or Next answers OPTIONS itself with a bare 204 listing every method.
export const OPTIONS = allowedMethods(ALLOWED);
export const POST = methodNotAllowed(ALLOWED);
export const PUT = methodNotAllowed(ALLOWED);
export const PATCH = methodNotAllowed(ALLOWED);
export const DELETE = methodNotAllowed(ALLOWED);
export const dynamic = "force-dynamic";
