import { defineResource } from "@/lib/resources/define-resource";
import { CategoryExistsError } from "./category-store";
import { Category } from "./schemas";

/**
 * Categories of animals (issue 10; docs/decisions/081 gave them their store port), declared
 * once (docs/decisions/282, 315). Public: the adopters' pages show them, so their events need
 * no scope beyond the feed's own. Two of their entries stay in the older lists, where the
 * OpenAPI document has them: the `categories` tag (after the keys' tag) and their error codes
 * (among the protocol's). Their operations: lib/api/categories-api.ts; their file part:
 * ./file-category-part.ts.
 */
export const categoriesResource = defineResource({
  name: "categories",
  decision: 81,
  scopes: {
    "categories:write": "add and change categories",
  },
  eventReadScopes: { category: undefined },
  events: {
    "category.created": { object: Category, extra: {}, summary: "A category was added" },
    "category.renamed": { object: Category, extra: {}, summary: "A category was renamed" },
  },
  refusals: [
    {
      error: CategoryExistsError,
      code: "category_exists",
      message: ({ categoryId }: CategoryExistsError) => `Category ${categoryId} exists already; rename it instead.`,
    },
  ],
});
