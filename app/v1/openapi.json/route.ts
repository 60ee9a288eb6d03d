import { methodNotAllowed } from "@/lib/api/method-routes";
import { openApiDocument } from "@/lib/api/openapi-route";

const ALLOWED = ["GET", "HEAD"];

// The only /v1 path served without a key: it describes the API, nothing about pets.
export const GET = openApiDocument;
export const POST = methodNotAllowed(ALLOWED);
export const PUT = methodNotAllowed(ALLOWED);
export const PATCH = methodNotAllowed(ALLOWED);
export const DELETE = methodNotAllowed(ALLOWED);
export const dynamic = "force-dynamic";
