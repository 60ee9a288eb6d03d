import { Category } from "@/lib/categories/schemas";
import { asciiBytes, bytesAt, checked, encodeLine } from "@/lib/store/file/line-codec";

/*
 * The categories' journal records (format version 3, with the orders' lines of
 * lib/orders/file-order-record.ts), beside pet lines:
 *
 *   {"category":3,"name":"Dogs","crc32":"…"}
 */
const CATEGORY = asciiBytes('{"category":');

/** The category's line; throws UnwritableRecordError for a category decodeCategory would refuse. */
export function encodeCategoryLine(category: Category): string {
  const { id, name } = checked("category", Category, category);
  return encodeLine({ category: id, name });
}

export const isCategoryLine = (buf: Buffer, start: number) => bytesAt(buf, start, CATEGORY);

export function decodeCategory(fields: Record<string, unknown>): Category {
  return Category.parse({ id: fields.category, name: fields.name });
}
