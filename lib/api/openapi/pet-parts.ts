import "server-only";
import type { oas31 } from "zod-openapi";
import { ListParams } from "@/lib/pets/list-params";
import { schemaOf } from "./json-schema";

/** getPet carries these on every answer, errors included. */
export const DEPRECATION_HEADERS = ["Deprecation", "Sunset", "DeprecationLinks"] as const;

/** listPets' parameters added with the profile (issue 24), beta while they settle. */
const BETA_LIST_PARAMETERS = new Set(["id", "q", "categoryId", "sex", "size", "ageGroup", "goodWith", "listed"]);
/** Lists in one parameter, comma-separated: OpenAPI's form style without explode. */
const COMMA_LIST_PARAMETERS = new Set(["id", "goodWith"]);

/** listPets' query parameters, one per field of the schema that validates them. */
export function listPetsParameters(): oas31.ParameterObject[] {
  return Object.entries(ListParams.shape).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    description: schema.description ?? schema.unwrap().description,
    schema: schemaOf(schema),
    ...(COMMA_LIST_PARAMETERS.has(name) ? { style: "form", explode: false } : {}),
    ...(BETA_LIST_PARAMETERS.has(name) ? { "x-stability": "beta" } : {}),
  }));
}
