import "server-only";
import { CategoryRename, NewCategory, Categories, Category } from "@/lib/categories/schemas";
import { getPetStore } from "@/lib/composition";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { ApiError } from "./api-error";
import { parseBody } from "./parse-body";
import { parsePathId } from "./parse-path-id";
import { parseSearchParams } from "./parse-search-params";
import { created } from "./recorded-write";
import * as z from "zod";
import { CategoryId } from "@/lib/pets/schemas";
import { errorRefs } from "./openapi/error-responses";
import { schemaOf } from "./openapi/json-schema";
import {
  BETA,
  COMMON_ERRORS,
  jsonAnswer,
  jsonOf,
  pathParameter,
  IDEMPOTENT_RETRY,
  WRITE_ERRORS,
} from "./openapi/operation-parts";
import { IDEMPOTENCY_KEY_PARAMETER } from "./openapi/shared-parts";

export const CATEGORIES_PATH = "/v1/categories";

// listCategories takes no query parameters; any is an unknown one (400). One schema, so the
// query memo in parseSearchParams is keyed by it rather than by a new object per request.
const NoQuery = z.strictObject({});

/** listCategories: GET /v1/categories — every category, by id (no paging: a shelter has tens). */
// Any valid key: category names are what every console and client shows beside pets.
export const listCategories = defineOperation(
  {
    operationId: "listCategories",
    method: "GET",
    path: "/categories",
    stability: "beta",
    summary: "List categories",
    document: {
      tag: "categories",
      description: `Every named category, by id. A pet's \`categoryId\` need not name one: such a pet is shown as "Category N". No query parameters. ${BETA}`,
      responses: {
        "200": jsonAnswer("Every category", Categories),
        ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
      },
    },
  },
  async (request) => {
    parseSearchParams(request.url, NoQuery);
    return jsonResponse(await (await getPetStore()).listCategories());
  },
);

/** createCategory: POST /v1/categories. */
export const createCategory = defineOperation(
  {
    operationId: "createCategory",
    method: "POST",
    path: "/categories",
    scope: "categories:write",
    idempotent: true,
    stability: "beta",
    summary: "Create a category",
    document: {
      tag: "categories",
      description: `Without \`id\`, the next after the highest; with one that exists, 409 \`category_exists\`. When the next after the highest would pass 2^53-1, 409 \`id_space_exhausted\`: send a free \`id\` instead.${IDEMPOTENT_RETRY} ${BETA}`,
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      requestBody: { required: true, content: jsonOf(NewCategory) },
      responses: {
        "201": jsonAnswer("Category created", Category, "Location"),
        ...errorRefs({ ...WRITE_ERRORS, "409": "Conflict", "415": "UnsupportedMediaType", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, _context, _caller, write) => {
    const category = await parseBody(request, NewCategory, "category");
    const store = await getPetStore();
    return write(created(CATEGORIES_PATH), (record) => store.createCategory(category, record));
  },
);

/** renameCategory: PATCH /v1/categories/{categoryId} with `{"name": …}`. */
export const renameCategory = defineOperation(
  {
    operationId: "renameCategory",
    method: "PATCH",
    path: "/categories/{categoryId}",
    scope: "categories:write",
    stability: "beta",
    summary: "Rename a category",
    document: {
      tag: "categories",
      description: `A malformed \`categoryId\` is a 400; one with no record is a 404 (create it first). ${BETA}`,
      parameters: [pathParameter("categoryId", "ID of the category", schemaOf(CategoryId))],
      requestBody: { required: true, content: jsonOf(CategoryRename) },
      responses: {
        "200": jsonAnswer("The renamed category", Category),
        ...errorRefs({ ...WRITE_ERRORS, "404": "NotFound", "415": "UnsupportedMediaType", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context) => {
    const id = parsePathId((await context.params).categoryId, "categoryId", "invalid_category_id");
    const { name } = await parseBody(request, CategoryRename, "category");
    const renamed = id === undefined ? undefined : await (await getPetStore()).renameCategory(id, name);
    if (!renamed) throw new ApiError(404, "not_found", "No category has this id; create it with POST /v1/categories.");
    return jsonResponse(renamed);
  },
);
