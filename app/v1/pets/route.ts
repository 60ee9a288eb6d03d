import { allowedMethods, methodNotAllowed } from "@/lib/api/method-routes";
import { createPet, listPets } from "@/lib/api/pets-api";
import { PETS_METHODS } from "@/lib/api/v1-methods";

const ALLOWED = PETS_METHODS;

export const GET = listPets;
export const POST = createPet;
export const OPTIONS = allowedMethods(ALLOWED);
export const PUT = methodNotAllowed(ALLOWED);
export const PATCH = methodNotAllowed(ALLOWED);
export const DELETE = methodNotAllowed(ALLOWED);

// API answers are never static, and this skips the request proxy Next wraps around
// route handlers of undeclared dynamism to detect dynamic use.
export const dynamic = "force-dynamic";
