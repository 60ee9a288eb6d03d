import "./zod-without-eval";
import { Categories, type Category } from "@/lib/categories/schemas";
import { readApiError } from "./read-api-error";

/** Every named category (GET /v1/categories), with the staff key. */
export async function listCategoriesWithKey(apiKey: string): Promise<Category[]> {
  const response = await fetch("/v1/categories", {
    headers: { Authorization: `Bearer ${apiKey}`, Accept: "application/json" },
    cache: "no-store",
  });
  if (!response.ok) throw await readApiError(response);
  return Categories.parse(await response.json());
}
