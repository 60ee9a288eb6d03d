import "./zod-without-eval";
import { Categories, type Category } from "@/lib/categories/schemas";
import { succeeded, v1Client } from "./v1-client";

/** Every named category (GET /v1/categories), with the staff key. */
export async function listCategoriesWithKey(apiKey: string): Promise<Category[]> {
  const { data } = await succeeded(v1Client(apiKey).GET("/categories", { cache: "no-store" }));
  return Categories.parse(data);
}
