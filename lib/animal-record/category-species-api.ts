import "server-only";
import * as z from "zod";
import { jsonResponse } from "@/lib/api/api-route";
import { ApiError } from "@/lib/api/api-error";
import { defineOperation } from "@/lib/api/operation";
import { parseBody } from "@/lib/api/parse-body";
import { parsePathId } from "@/lib/api/parse-path-id";
import { parseSearchParams } from "@/lib/api/parse-search-params";
import { errorRefs } from "@/lib/api/openapi/error-responses";
import { schemaOf } from "@/lib/api/openapi/json-schema";
import { BODY_ERRORS, COMMON_ERRORS, jsonAnswer, jsonBody, pathParameter } from "@/lib/api/openapi/operation-parts";
import { CategoryId } from "@/lib/pets/schemas";
import {
  CategorySpeciesAnswer,
  CategorySpeciesChange,
  CategorySpeciesList,
  listCategorySpecies,
  setCategorySpecies,
} from "./category-species";
import { speciesSources } from "./category-species-service";

const NoQuery = z.strictObject({});

/** listCategorySpecies: GET /v1/categories/species — each category's SAC species (docs/decisions/248). */
export const listCategorySpeciesRoute = defineOperation(
  {
    operationId: "listCategorySpecies",
    method: "GET",
    path: "/categories/species",
    scope: "pets:read",
    stability: "experimental",
    summary: "List the categories' SAC species",
    document: {
      tag: "categories",
      description:
        "Every named category, by id, with the Shelter Animals Count species its animals are counted as, or `unmapped` until staff set one; an unmapped category whose name suggests a species carries it as `suggested`, for staff to confirm. No query parameters.",
      requestParams: { query: NoQuery },
      responses: {
        "200": jsonAnswer("Every named category's species", CategorySpeciesList),
        ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
      },
    },
  },
  async (request) => {
    parseSearchParams(request.url, NoQuery);
    return jsonResponse(await listCategorySpecies(await speciesSources()));
  },
);

/** setCategorySpecies: PUT /v1/categories/{categoryId}/species with `{"species": …}`. */
export const setCategorySpeciesRoute = defineOperation(
  {
    operationId: "setCategorySpecies",
    method: "PUT",
    path: "/categories/{categoryId}/species",
    scope: "categories:write",
    stability: "experimental",
    summary: "Set a category's SAC species",
    document: {
      tag: "categories",
      description:
        "Sets or changes the Shelter Animals Count species the category's animals are counted as. Reports are worked out from the record when asked for, so every report made after the change counts them so, past months included. A malformed `categoryId` is a 400; one with no record is a 404 (create it first).",
      parameters: [pathParameter("categoryId", "ID of the category", schemaOf(CategoryId))],
      ...jsonBody(CategorySpeciesChange),
      responses: {
        "200": jsonAnswer("The category's species", CategorySpeciesAnswer),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context) => {
    const id = parsePathId((await context.params).categoryId, "categoryId", "invalid_category_id");
    const { species } = await parseBody(request, CategorySpeciesChange, "species");
    const set = id === undefined ? undefined : await setCategorySpecies(await speciesSources(), id, species);
    if (!set) throw new ApiError(404, "not_found", "No category has this id; create it with POST /v1/categories.");
    return jsonResponse(set);
  },
);
