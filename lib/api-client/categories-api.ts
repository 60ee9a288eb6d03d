import "./zod-without-eval";
import { Categories, type Category } from "@/lib/categories/schemas";
import { succeeded, v1Client } from "./v1-client";

/** Every named category (GET /v1/categories), with the staff key. */
export async function listCategoriesWithKey(apiKey: string): Promise<Category[]> {
  const { data } = await succeeded(v1Client(apiKey).GET("/categories", { cache: "no-store" }));
  return Categories.parse(data);
}

/** Creates a category (POST /v1/categories); the service assigns the next free id. */
export async function createCategoryWithKey(apiKey: string, name: string): Promise<Category> {
  const { data } = await succeeded(v1Client(apiKey).POST("/categories", { body: { name } }));
  return Categories.element.parse(data);
}

/** Renames a category (PATCH /v1/categories/{categoryId}). */
export async function renameCategoryWithKey(apiKey: string, id: number, name: string): Promise<Category> {
  const { data } = await succeeded(
    v1Client(apiKey).PATCH("/categories/{categoryId}", { params: { path: { categoryId: id } }, body: { name } }),
  );
  return Categories.element.parse(data);
}
