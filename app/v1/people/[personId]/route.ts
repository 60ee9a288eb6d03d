import { getPersonRoute, updatePersonRoute } from "@/lib/api/people-api";
import { PERSON_METHODS } from "@/lib/api/v1-methods";
import { v1Route } from "@/lib/api/v1-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Route(PERSON_METHODS, {
  GET: getPersonRoute,
  PATCH: updatePersonRoute,
});

// API answers are never static, and this skips the request proxy Next wraps around
// route handlers of undeclared dynamism to detect dynamic use.
export const dynamic = "force-dynamic";
