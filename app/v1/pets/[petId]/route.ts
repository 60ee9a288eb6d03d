import { allowedMethods, methodNotAllowed } from "@/lib/api/method-routes";
import { getPet } from "@/lib/api/pets-api";

const ALLOWED = ["GET", "HEAD", "OPTIONS"];

export const GET = getPet;
export const OPTIONS = allowedMethods(ALLOWED);
export const POST = methodNotAllowed(ALLOWED);
export const PUT = methodNotAllowed(ALLOWED);
export const PATCH = methodNotAllowed(ALLOWED);
export const DELETE = methodNotAllowed(ALLOWED);
