/** `instanceof` by a process-wide brand, true across Next's bundles (docs/decisions/005). */
export function brandedError(brand: symbol) {
  return class extends Error {
    readonly [brand] = true;
    static [Symbol.hasInstance](value: unknown): boolean {
      return typeof value === "object" && value !== null && brand in value;
    }
  };
}
