import "server-only";
import { CategoryRename, NewCategory } from "@/lib/categories/schemas";
import { getPetStore } from "@/lib/store";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { ApiError } from "./api-error";
import { parseBody } from "./parse-body";
import { parsePathId } from "./parse-path-id";
import { parseSearchParams } from "./parse-search-params";
import { created } from "./recorded-write";
import * as z from "zod";

export const CATEGORIES_PATH = "/v1/categories";

// listCategories takes no query parameters; any is an unknown one (400). One schema, so the
// query memo in parseSearchParams is keyed by it rather than by a new object per request.
const NoQuery = z.strictObject({});

/** listCategories: GET /v1/categories — every category, by id (no paging: a shelter has tens). */
// Any valid key: category names are what every console and client shows beside pets.
export const listCategories = defineOperation(
  { operationId: "listCategories", method: "GET", path: "/categories", stability: "beta", summary: "List categories" },
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
  },
  async (request, context) => {
    const id = parsePathId((await context.params).categoryId, "categoryId", "invalid_category_id");
    const { name } = await parseBody(request, CategoryRename, "category");
    const renamed = id === undefined ? undefined : await (await getPetStore()).renameCategory(id, name);
    if (!renamed) throw new ApiError(404, "not_found", "No category has this id; create it with POST /v1/categories.");
    return jsonResponse(renamed);
  },
);
